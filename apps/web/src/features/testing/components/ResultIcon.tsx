import { CircleAlert, CircleCheck, CircleX, SkipForward } from 'lucide-react';

/** How one answer or word went; `almost` is a correct answer with a near-miss spelling. */
export type ResultKind = 'correct' | 'almost' | 'wrong' | 'skipped';

/** A distinct shape for every result, so none is told apart by colour alone. */
export function ResultIcon({ kind, className }: { kind: ResultKind; className?: string }) {
  const props = { className, 'aria-hidden': true } as const;
  switch (kind) {
    case 'correct':
      return <CircleCheck {...props} />;
    case 'almost':
      return <CircleAlert {...props} />;
    case 'wrong':
      return <CircleX {...props} />;
    case 'skipped':
      return <SkipForward {...props} />;
  }
}
