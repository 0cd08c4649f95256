import { LANGUAGES, isLanguage, type Language } from '@wordhoard/shared';
import { ArrowLeft } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PATHS } from '../../shared/routing';
import { LoadingIndicator, Page } from '../../shared/ui';
import { LANGUAGE_ENDONYMS } from '../../shared/ui/LanguagePicker/languageNames';
import { supportEmail as contactEmail } from '../../shared/config/supportEmail';
import {
  POLICIES_UPDATED_AT,
  POLICY_SECTIONS,
  POLICY_TITLE_KEYS,
  parseInline,
  parsePolicyText,
} from './policyContent';
import styles from './PolicyDocumentPage.module.css';
import { POLICY_DOCUMENTS, type PolicyDocumentId } from './policyPaths';
import { usePolicyTexts, withEmail, type PolicyTexts } from './policyTexts';
import { usePolicyTarget } from './usePolicyTarget';

function InlineText({ text, email }: { text: string; email: string }) {
  return (
    <>
      {parseInline(text).map((part, index) =>
        part.type === 'mail' ? (
          <a key={index} href={`mailto:${email}`}>
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

function SectionBody({ text, email }: { text: string; email: string }) {
  return (
    <>
      {parsePolicyText(text).map((block, index) =>
        block.type === 'list' ? (
          <ul key={index} className={styles.list}>
            {block.items.map((item) => (
              <li key={item}>
                <InlineText text={item} email={email} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            <InlineText text={block.text} email={email} />
          </p>
        ),
      )}
    </>
  );
}

/** Links to the same document in the other six languages, each named in its own language. */
export function OtherLanguages({
  basePath,
  lang,
  label,
}: {
  basePath: string;
  lang: Language;
  label: string;
}) {
  return (
    <nav aria-label={label} className={styles.languages}>
      <h2 className={styles.languagesTitle}>{label}</h2>
      <ul className={styles.languageList}>
        {LANGUAGES.filter((other) => other !== lang).map((other) => (
          <li key={other}>
            <Link to={`${basePath}/${other}`} lang={other} hrefLang={other} className={styles.languageLink}>
              {LANGUAGE_ENDONYMS[other]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface PolicyDocumentProps {
  documentId: PolicyDocumentId;
  lang: Language;
  texts: PolicyTexts[PolicyDocumentId];
}

/** One policy in the language of its address (not necessarily the interface language). */
function PolicyDocument({ documentId, lang, texts }: PolicyDocumentProps) {
  // Loads the page's language if the interface is in another one (suspends meanwhile).
  const { t } = useTranslation('translation', { lng: lang });
  // Every language has every section (checked by the tests); the lookup is by name.
  const sectionTexts: Partial<Record<string, { Title: string; Body: string }>> = texts.Sections;
  const sectionText = (section: string) => sectionTexts[section] ?? { Title: section, Body: '' };
  const email = contactEmail();
  const basePath = POLICY_DOCUMENTS.find((entry) => entry.id === documentId)?.path ?? PATHS.policies;
  const sections = POLICY_SECTIONS[documentId];
  const updated = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${POLICIES_UPDATED_AT}T00:00:00Z`),
  );
  const sectionId = (section: string) => `policy-${section}`;

  return (
    <div lang={lang} className={styles.document}>
      <Page title={t(POLICY_TITLE_KEYS[documentId])} lead={texts.Intro} width="narrow">
        <p className={styles.updated}>
          <time dateTime={POLICIES_UPDATED_AT}>{t('Policies.LastUpdated', { date: updated })}</time>
        </p>
        <nav aria-labelledby="policy-contents" className={styles.contents}>
          <h2 id="policy-contents" className={styles.contentsTitle}>
            {t('Policies.Contents')}
          </h2>
          <ol className={styles.contentsList}>
            {sections.map((section) => (
              <li key={section}>
                <a href={`#${sectionId(section)}`}>{sectionText(section).Title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section
            key={section}
            aria-labelledby={sectionId(section)}
            className={styles.section}
            data-section={section}
          >
            <h2 id={sectionId(section)} className={styles.sectionTitle}>
              {sectionText(section).Title}
            </h2>
            <SectionBody text={withEmail(sectionText(section).Body, email)} email={email} />
          </section>
        ))}
        <OtherLanguages basePath={basePath} lang={lang} label={t('Policies.OtherLanguages')} />
        <p>
          <Link to={`${PATHS.policies}/${lang}`} className={styles.back}>
            <ArrowLeft aria-hidden="true" />
            {t('Policies.AllPolicies')}
          </Link>
        </p>
      </Page>
    </div>
  );
}

function PolicyDocumentPage({ documentId }: { documentId: PolicyDocumentId }) {
  const { lang } = useParams();
  const targetFor = usePolicyTarget();
  const language = isLanguage(lang) ? lang : null;
  // The texts arrive with the page, in their own chunk per language.
  const texts = usePolicyTexts(language ?? 'en');
  if (!language) {
    const basePath = POLICY_DOCUMENTS.find((entry) => entry.id === documentId)?.path ?? '';
    return <Navigate replace to={targetFor(basePath)} />;
  }
  if (!texts) return <LoadingIndicator />;
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <PolicyDocument documentId={documentId} lang={language} texts={texts[documentId]} />
    </Suspense>
  );
}

export const CookiePolicyPage = () => <PolicyDocumentPage documentId="cookie" />;
export const PrivacyPolicyPage = () => <PolicyDocumentPage documentId="privacy" />;
export const TermsOfUsePage = () => <PolicyDocumentPage documentId="terms-of-use" />;
