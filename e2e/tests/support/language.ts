import { expect, type Page } from '@playwright/test';

/**
 * Chooses a dictionary language in the searchable language list (decision 0059): opens it,
 * types `search`, and clicks the option whose name starts with `name`.
 */
export async function chooseLanguage(page: Page, label: string, search: string, name: string): Promise<void> {
  const field = page.getByRole('combobox', { name: label, exact: true });
  await field.click();
  await field.fill(search);
  const list = page.getByRole('listbox', { name: label, exact: true });
  await list
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  await expect(field).toHaveValue(name);
}
