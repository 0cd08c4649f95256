import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../shared/routing';
import { ThemeControl } from '../../shared/theme';
import styles from './Footer.module.css';
import { ReleaseInfo } from './ReleaseInfo';

export function Footer() {
  const { t } = useTranslation();
  const links = [
    { to: PATHS.about, label: t('Footer.About') },
    { to: PATHS.landing, label: t('Footer.Welcome') },
    { to: PATHS.support, label: t('Footer.Support') },
    { to: PATHS.policies, label: t('Footer.Policies') },
  ];
  return (
    <footer data-testid="site-footer" className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t('Footer.Navigation')}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* For everyone, signed in or not; signed-in users find it in their settings too. */}
        <ThemeControl className={styles.theme} />
        <p className={styles.copyright}>{t('Footer.Copyright', { year: new Date().getFullYear() })}</p>
        <ReleaseInfo className={styles.release} linkClassName={styles.releaseLink} />
      </div>
    </footer>
  );
}
