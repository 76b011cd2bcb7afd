import type { WellnessCategory } from '#shared/contract/wellness';

/** A tab of the profile: About, Skills, or one wellness category. */
export type ProfileTab =
  { key: 'about' } | { key: 'skills' } | { key: `category-${number}`; category: WellnessCategory };
export type TabKey = ProfileTab['key'];

/**
 * The tab row of SPEC.md §2: About and Skills, then one tab per wellness category,
 * the category tabs only when the pet's records are not private (SPEC.md §5).
 */
export function profileTabs(
  isRecordsPrivate: boolean,
  categories: readonly WellnessCategory[] | undefined,
): ProfileTab[] {
  const tabs: ProfileTab[] = [{ key: 'about' }, { key: 'skills' }];
  if (isRecordsPrivate || !categories) return tabs;
  return [...tabs, ...categories.map((category) => ({ key: `category-${category.id}` as const, category }))];
}

/** Icon of a wellness category by its id (SPEC.md §3: 2 activity, 4 heart, 5 drop, others a default). */
export type CategoryIcon = 'activity' | 'heart' | 'drop' | 'default';
export function categoryIcon(categoryId: number): CategoryIcon {
  if (categoryId === 2) return 'activity';
  if (categoryId === 4) return 'heart';
  if (categoryId === 5) return 'drop';
  return 'default';
}

/** Which tab is open and which record type is picked in it. */
export interface TabState {
  tab: TabKey;
  typeId: number | null;
}

export type TabAction = { type: 'tab'; tab: TabKey } | { type: 'record-type'; typeId: number };

export const initialTabState: TabState = { tab: 'about', typeId: null };

/** SPEC.md §4: picking a tab (About and Skills included) clears the chosen category type. */
export function tabReducer(state: TabState, action: TabAction): TabState {
  switch (action.type) {
    case 'tab':
      return { tab: action.tab, typeId: null };
    case 'record-type':
      return state.tab.startsWith('category-') ? { ...state, typeId: action.typeId } : state;
  }
}

/** The category of the open tab, or null for About and Skills. */
export function activeCategory(tabs: readonly ProfileTab[], key: TabKey): WellnessCategory | null {
  const tab = tabs.find((t) => t.key === key);
  return tab && 'category' in tab ? tab.category : null;
}
