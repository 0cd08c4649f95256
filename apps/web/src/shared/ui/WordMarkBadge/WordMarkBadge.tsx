import { CirclePause, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Pill } from '../Pill/Pill';

/** What a word is marked as (decision 0049). */
export type WordMark = 'leech' | 'suspended';

interface WordMarkBadgeProps {
  kind: WordMark;
  /** The words that name the mark ("Leech", "Lapsed 5 times"): the icon and colour only repeat them. */
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/**
 * A word's mark as a small pill beside it: a leech (its definitions keep lapsing) or suspended
 * (left out of tests). Icon and words, never colour alone.
 */
export function WordMarkBadge({ kind, children, className, 'data-testid': testId }: WordMarkBadgeProps) {
  const Icon = kind === 'leech' ? TriangleAlert : CirclePause;
  return (
    <Pill
      tone={kind === 'leech' ? 'warning' : 'muted'}
      renderIcon={(iconClass) => <Icon className={iconClass} aria-hidden="true" />}
      className={className}
      data-testid={testId}
    >
      {children}
    </Pill>
  );
}
