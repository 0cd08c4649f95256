import type { Language } from '@wordhoard/shared';
import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/classNames';
import styles from './Flag.module.css';

/** A plain 3:2 flag made of equal stripes. */
function stripes(colors: readonly string[], direction: 'horizontal' | 'vertical'): ReactNode {
  const size = 30 / colors.length;
  return colors.map((color, index) =>
    direction === 'horizontal' ? (
      <rect
        key={color}
        x="0"
        y={(index * 20) / colors.length}
        width="30"
        height={20 / colors.length}
        fill={color}
      />
    ) : (
      <rect key={color} x={index * size} y="0" width={size} height="20" fill={color} />
    ),
  );
}

function UnionJack() {
  const id = useId();
  const clipFlag = `${id}-flag`;
  const clipDiagonals = `${id}-diagonals`;
  return (
    <svg viewBox="0 0 60 30" preserveAspectRatio="xMidYMid slice">
      <clipPath id={clipFlag}>
        <path d="M0 0v30h60V0z" />
      </clipPath>
      <clipPath id={clipDiagonals}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <g clipPath={`url(#${clipFlag})`}>
        <path d="M0 0v30h60V0z" fill="#012169" />
        <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
        <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${clipDiagonals})`} stroke="#C8102E" strokeWidth="4" />
        <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
        <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}

function Stripes({ colors, direction }: { colors: readonly string[]; direction: 'horizontal' | 'vertical' }) {
  return (
    <svg viewBox="0 0 30 20" preserveAspectRatio="none">
      {stripes(colors, direction)}
    </svg>
  );
}

function Spain() {
  return (
    <svg viewBox="0 0 30 20" preserveAspectRatio="none">
      <rect width="30" height="20" fill="#AA151B" />
      <rect y="5" width="30" height="10" fill="#F1BF00" />
    </svg>
  );
}

/** Each interface language's flag: uk is Ukraine and en the United Kingdom (DESIGN §6). */
const FLAGS: Record<Language, () => ReactNode> = {
  en: () => <UnionJack />,
  uk: () => <Stripes colors={['#0057B7', '#FFD700']} direction="horizontal" />,
  de: () => <Stripes colors={['#000000', '#DD0000', '#FFCE00']} direction="horizontal" />,
  fr: () => <Stripes colors={['#0055A4', '#FFFFFF', '#EF4135']} direction="vertical" />,
  es: () => <Spain />,
  it: () => <Stripes colors={['#009246', '#FFFFFF', '#CE2B37']} direction="vertical" />,
  pl: () => <Stripes colors={['#FFFFFF', '#DC143C']} direction="horizontal" />,
};

interface FlagProps {
  language: Language;
  className?: string;
}

/**
 * The flag of an interface language as inline SVG (no requests, works offline). Decorative:
 * the control it sits in carries the language's name.
 */
export function Flag({ language, className }: FlagProps) {
  const Drawing = FLAGS[language];
  return (
    <span className={cx(styles.flag, className)} aria-hidden="true" data-flag={language}>
      <Drawing />
    </span>
  );
}
