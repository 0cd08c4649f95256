import { QueryClientProvider } from '@tanstack/react-query';
import { LANGUAGES, type Language } from '@wordhoard/shared';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppServices, createQueryClient } from '../../app/services';
import { createI18n, loadLocale } from '../../shared/i18n';
import { ServiceProvider } from '../../shared/services';
import PoliciesPage from './PoliciesPage';
import { CookiePolicyPage, PrivacyPolicyPage, TermsOfUsePage } from './PolicyDocumentPage';
import { POLICY_SECTIONS, parseInline, parsePolicyText } from './policyContent';
import { loadPolicyTexts } from './policyTexts';
import type { PolicyDocumentId } from './policyPaths';

const PAGES = { cookie: CookiePolicyPage, privacy: PrivacyPolicyPage, 'terms-of-use': TermsOfUsePage };
const DOCUMENTS = Object.keys(POLICY_SECTIONS) as PolicyDocumentId[];

interface PolicyText {
  Intro: string;
  Sections: Record<string, { Title: string; Body: string }>;
}

async function policyTexts(language: Language) {
  return (await loadPolicyTexts(language)) as unknown as Record<PolicyDocumentId, PolicyText>;
}

/** Renders `path` with the policy routes, the interface in English. */
async function renderPolicy(path: string) {
  const i18n = await createI18n({ language: 'en' });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/policy/:lang', element: <PoliciesPage /> },
      ...DOCUMENTS.map((id) => {
        const Page = PAGES[id];
        return { path: `/policy/${id}/:lang`, element: <Page /> };
      }),
    ],
    { initialEntries: [path] },
  );
  const services = createAppServices({ i18n, queryClient, navigate: (to) => void router.navigate(to) });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ServiceProvider services={services}>
          <RouterProvider router={router} />
        </ServiceProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router };
}

describe('policy texts (locales/<lng>/policies.json)', () => {
  it.each(LANGUAGES)(
    '%s has every section of every policy, each with a title and a body',
    async (language) => {
      const texts = await policyTexts(language);
      for (const id of DOCUMENTS) {
        expect(Object.keys(texts[id].Sections), `${language} ${id}`).toEqual([...POLICY_SECTIONS[id]]);
        expect(texts[id].Intro.length).toBeGreaterThan(40);
        for (const section of Object.values(texts[id].Sections)) {
          expect(section.Title.trim()).not.toBe('');
          expect(section.Body.length).toBeGreaterThan(20);
        }
      }
    },
  );

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s is written in its own language',
    async (language) => {
      const [english, texts] = await Promise.all([policyTexts('en'), policyTexts(language)]);
      for (const id of DOCUMENTS) {
        for (const section of POLICY_SECTIONS[id].filter((name) => name !== 'contact')) {
          expect(texts[id].Sections[section]?.Body, `${language} ${id}.${section}`).not.toBe(
            english[id].Sections[section]?.Body,
          );
        }
      }
    },
  );

  it('stay out of the interface strings every screen loads at start', async () => {
    expect(Object.keys(await loadLocale('en'))).not.toContain('PolicyTexts');
  });

  it('states the facts the product depends on, in every language', async () => {
    for (const language of LANGUAGES) {
      const texts = await policyTexts(language);
      const privacy = Object.values(texts.privacy.Sections)
        .map((section) => section.Body)
        .join('\n');
      const cookie = Object.values(texts.cookie.Sections)
        .map((section) => section.Body)
        .join('\n');
      const terms = Object.values(texts['terms-of-use'].Sections)
        .map((section) => section.Body)
        .join('\n');
      expect(privacy, language).toMatch(/24/);
      expect(privacy, language).toMatch(/Stripe/);
      expect(privacy, language).toMatch(/Google/);
      expect(privacy, language).toMatch(/argon2id/);
      expect(cookie, language).toMatch(/wordhoard_session/);
      expect(cookie, language).toMatch(/SameSite=Lax/);
      expect(cookie, language).toMatch(/HttpOnly/);
      expect(cookie, language).toMatch(/30/);
      expect(cookie, language).toMatch(/i18nextLng/);
      expect(cookie, language).toMatch(/wordhoard_device/);
      expect(cookie, language).toMatch(/400/);
      expect(terms, language).toMatch(/3[.,]99/);
      for (const id of DOCUMENTS) {
        expect(texts[id].Sections.contact?.Body, `${language} ${id}`).toContain('<mail>{{email}}</mail>');
      }
    }
  });
});

// The first render loads the texts and i18n cold; a busy machine needs more than 5 s for it.
describe('policy pages', () => {
  it.each(LANGUAGES.flatMap((language) => DOCUMENTS.map((id) => [id, language] as const)))(
    '/policy/%s/%s renders its title and every section in that language',
    async (id, language) => {
      const texts = await policyTexts(language);
      const labels = (await loadLocale(language)).Policies;
      await renderPolicy(`/policy/${id}/${language}`);

      const titles = { cookie: labels.Cookie, privacy: labels.Privacy, 'terms-of-use': labels.Terms };
      const heading = await screen.findByRole('heading', { level: 1, name: titles[id] });
      expect(heading.closest('[lang]')).toHaveAttribute('lang', language);
      for (const section of POLICY_SECTIONS[id]) {
        const sectionTitle = texts[id].Sections[section]?.Title ?? '';
        const region = screen.getByRole('region', { name: sectionTitle });
        expect(within(region).getByRole('heading', { level: 2, name: sectionTitle })).toBeInTheDocument();
      }
      const contents = screen.getByRole('navigation', { name: labels.Contents });
      expect(within(contents).getAllByRole('link')).toHaveLength(POLICY_SECTIONS[id].length);
      const contact = screen.getByRole('region', { name: texts[id].Sections.contact?.Title ?? '' });
      expect(within(contact).getByRole('link', { name: 'support@wordhoard.app' })).toHaveAttribute(
        'href',
        'mailto:support@wordhoard.app',
      );
    },
  );

  it('links the same document in the six other languages', async () => {
    await renderPolicy('/policy/privacy/en');
    const others = await screen.findByRole('navigation', { name: 'This document in other languages' });
    const links = within(others).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      LANGUAGES.filter((language) => language !== 'en').map((language) => `/policy/privacy/${language}`),
    );
    expect(within(others).getByRole('link', { name: 'Deutsch' })).toHaveAttribute('lang', 'de');
  });

  it('/policy/{lang} lists the three policies in that language', async () => {
    await renderPolicy('/policy/it');
    expect(await screen.findByRole('heading', { level: 1, name: 'Informative' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Informativa sulla privacy/ })).toHaveAttribute(
      'href',
      '/policy/privacy/it',
    );
    expect(screen.getByRole('link', { name: /^Termini di utilizzo/ })).toHaveAttribute(
      'href',
      '/policy/terms-of-use/it',
    );
    expect(screen.getByRole('link', { name: /^Informativa sui cookie/ })).toHaveAttribute(
      'href',
      '/policy/cookie/it',
    );
  });
});

describe('policy text format', () => {
  it('turns "- " lines into a list and other lines into paragraphs', () => {
    expect(parsePolicyText('- one\n- two\nAfter.\n\nNext.')).toEqual([
      { type: 'list', items: ['one', 'two'] },
      { type: 'paragraph', text: 'After.' },
      { type: 'paragraph', text: 'Next.' },
    ]);
  });

  it('finds the mail link inside a line', () => {
    expect(parseInline('Write to <mail>a@b.c</mail>.')).toEqual([
      { type: 'text', text: 'Write to ' },
      { type: 'mail', text: 'a@b.c' },
      { type: 'text', text: '.' },
    ]);
  });
});
