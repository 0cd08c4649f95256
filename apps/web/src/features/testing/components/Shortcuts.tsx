import { Keyboard } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../../shared/ui';
import { ACCENT_SHORTCUTS, SHORTCUT_KEYS, accentCombo, type KeyCombo } from '../lib/shortcuts';
import styles from './Shortcuts.module.css';

/** How a combo is written for people: "Alt+S", "⌃S" on a Mac, the Enter key as keyboards print it. */
function useComboLabel(mac: boolean) {
  const { t } = useTranslation();
  return (combo: KeyCombo) => {
    const key = combo.key === 'Enter' ? t('Testing.Shortcuts.Enter') : combo.key;
    if (!combo.mod) return key;
    return mac ? `⌃${key}` : `Alt+${key}`;
  };
}

/**
 * The key of a button's shortcut, small inside the button, on desktops only; screen readers
 * learn it from the button's `aria-keyshortcuts` instead.
 */
export function KeyHint({ combo, mac }: { combo: KeyCombo; mac: boolean }) {
  const label = useComboLabel(mac);
  return (
    <kbd className={styles.hint} aria-hidden="true" data-testid="key-hint">
      {label(combo)}
    </kbd>
  );
}

interface ShortcutsHelpProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mac: boolean;
}

/** A "Keyboard shortcuts" button (desktops only) and the dialog listing every shortcut ("?" opens it too). */
export function ShortcutsHelp({ open, onOpenChange, mac }: ShortcutsHelpProps) {
  const { t } = useTranslation();
  const label = useComboLabel(mac);
  const keys = (combos: readonly KeyCombo[]) =>
    combos.map((combo, index) => (
      <Fragment key={label(combo)}>
        {index > 0 && <span>{t('Testing.Shortcuts.Or')}</span>}
        <kbd className={styles.kbd}>{label(combo)}</kbd>
      </Fragment>
    ));
  const groups = [
    {
      title: t('Testing.Shortcuts.Answering'),
      rows: [
        { action: t('Testing.Shortcuts.Check'), keys: keys(SHORTCUT_KEYS.check) },
        { action: t('Testing.Shortcuts.Skip'), keys: keys(SHORTCUT_KEYS.skip) },
        { action: t('Testing.Shortcuts.Speak'), keys: keys(SHORTCUT_KEYS.speak) },
        {
          action: t('Testing.Shortcuts.Accent'),
          keys: (
            <>
              <kbd className={styles.kbd}>{label(accentCombo(0))}</kbd>
              <span>…</span>
              <kbd className={styles.kbd}>{label(accentCombo(ACCENT_SHORTCUTS - 1))}</kbd>
            </>
          ),
        },
      ],
    },
    {
      title: t('Testing.Shortcuts.AfterAnswer'),
      rows: [
        { action: t('Testing.Shortcuts.Next'), keys: keys(SHORTCUT_KEYS.next) },
        { action: t('Testing.Shortcuts.TryWordAgain'), keys: keys(SHORTCUT_KEYS.tryAgain) },
      ],
    },
    {
      title: t('Testing.Shortcuts.Report'),
      rows: [
        { action: t('Testing.Shortcuts.TryTestAgain'), keys: keys(SHORTCUT_KEYS.tryAgain) },
        { action: t('Testing.Shortcuts.NewTest'), keys: keys(SHORTCUT_KEYS.newTest) },
      ],
    },
    {
      title: t('Testing.Shortcuts.Anywhere'),
      rows: [{ action: t('Testing.Shortcuts.Help'), keys: keys(SHORTCUT_KEYS.help) }],
    },
  ];

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<Keyboard />}
        className={styles.help}
        aria-keyshortcuts="?"
        onClick={() => onOpenChange(true)}
      >
        {t('Testing.Shortcuts.Title')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('Testing.Shortcuts.Title')}
        description={t('Testing.Shortcuts.Intro', { modifier: mac ? '⌃ Control' : 'Alt' })}
      >
        <div className={styles.groups}>
          {groups.map((group) => (
            <section key={group.title} className={styles.group}>
              <h3 className={styles.groupTitle}>{group.title}</h3>
              <dl className={styles.list}>
                {group.rows.map((row) => (
                  <div key={row.action} className={styles.row}>
                    <dt>{row.action}</dt>
                    <dd className={styles.keys}>{row.keys}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </Dialog>
    </>
  );
}
