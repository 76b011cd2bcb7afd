import { describe, expect, it } from 'vitest';
import {
  activeCategory,
  categoryIcon,
  initialTabState,
  profileTabs,
  tabReducer,
} from '#client/features/pet-profile/profile-tabs';

const categories = [
  { id: 2, title: 'Activity' },
  { id: 4, title: 'Heart & Vitals' },
];

describe('profile tabs', () => {
  it('are About and Skills, then one tab per category when records are not private', () => {
    expect(profileTabs(false, categories).map((t) => t.key)).toEqual(['about', 'skills', 'category-2', 'category-4']);
  });

  it('hide every category tab when the records are private', () => {
    expect(profileTabs(true, categories).map((t) => t.key)).toEqual(['about', 'skills']);
  });

  it('are About and Skills while the categories are not loaded', () => {
    expect(profileTabs(false, undefined).map((t) => t.key)).toEqual(['about', 'skills']);
  });

  it('pick icons by category id: 2 activity, 4 heart, 5 drop, others the default', () => {
    expect([2, 4, 5, 3, 1, 99].map(categoryIcon)).toEqual([
      'activity',
      'heart',
      'drop',
      'default',
      'default',
      'default',
    ]);
  });

  it('find the category of the open tab', () => {
    const tabs = profileTabs(false, categories);
    expect(activeCategory(tabs, 'category-4')).toEqual(categories[1]);
    expect(activeCategory(tabs, 'about')).toBeNull();
  });
});

describe('tab state', () => {
  it('a record type is chosen inside a category tab only', () => {
    const inCategory = tabReducer(initialTabState, { type: 'tab', tab: 'category-2' });
    expect(tabReducer(inCategory, { type: 'record-type', typeId: 7 })).toEqual({ tab: 'category-2', typeId: 7 });
    expect(tabReducer(initialTabState, { type: 'record-type', typeId: 7 })).toEqual(initialTabState);
  });

  it('picking About, Skills or another tab clears the chosen type', () => {
    const chosen = { tab: 'category-2' as const, typeId: 7 };
    expect(tabReducer(chosen, { type: 'tab', tab: 'about' })).toEqual({ tab: 'about', typeId: null });
    expect(tabReducer(chosen, { type: 'tab', tab: 'skills' })).toEqual({ tab: 'skills', typeId: null });
    expect(tabReducer(chosen, { type: 'tab', tab: 'category-4' })).toEqual({ tab: 'category-4', typeId: null });
  });
});
