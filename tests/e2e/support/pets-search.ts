import type { Page } from '@playwright/test';
import { API } from '#shared/contract/paths';

/**
 * Types a search into the Pets tab and waits for the search's own answer. The list before it may already show the pet
 * (the newest pets come first), and a click on that row as the grid's loading overlay arrives is lost: portal-dialogs'
 * "New visit for …" opened nothing in a clean-clone run, then passed on its retry.
 */
export async function searchPets(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === API.vetPets && url.searchParams.get('searchTerm') === text.trim();
  });
  await page.getByRole('searchbox', { name: 'Search pets' }).fill(text);
  await answered;
}
