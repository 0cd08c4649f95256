import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../screens/UserEditPage.module.css';

export interface ProfileTopic {
  /** The id of the topic's group on the page, the link's fragment. */
  id: string;
  label: string;
}

/**
 * "On this page": links to the profile's topics, so a learner need not scroll past a dozen
 * sections to reach the one they came for. Following one moves the focus to the topic's group
 * as well as the view, so keyboard and screen-reader users carry on from there.
 */
export function ProfileNav({ topics }: { topics: readonly ProfileTopic[] }) {
  const { t } = useTranslation();

  function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const target = document.getElementById(id);
    if (!target) return; // Let the browser follow the fragment.
    event.preventDefault();
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    // The fragment makes the place shareable; the router's state in history stays as it was.
    window.history.replaceState(window.history.state, '', `#${id}`);
  }

  return (
    <nav aria-labelledby="profile-nav-title" className={styles.nav}>
      <h2 id="profile-nav-title" className={styles.navTitle}>
        {t('User.OnThisPage')}
      </h2>
      <ul className={styles.navList}>
        {topics.map((topic) => (
          <li key={topic.id}>
            <a href={`#${topic.id}`} className={styles.navLink} onClick={(event) => goTo(event, topic.id)}>
              {topic.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
