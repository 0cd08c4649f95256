import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('says how far along it is, in words when given', () => {
    render(<ProgressBar value={2} max={10} label="Test progress" valueText="Word 3 of 10" />);

    const bar = screen.getByRole('progressbar', { name: 'Test progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuetext', 'Word 3 of 10');
    expect(bar.firstElementChild).toHaveStyle({ inlineSize: '20%' });
  });

  it('keeps the value within 0 and max', () => {
    render(<ProgressBar value={12} max={10} label="Done" />);

    const bar = screen.getByRole('progressbar', { name: 'Done' });
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(bar.firstElementChild).toHaveStyle({ inlineSize: '100%' });
  });

  it('shows an empty bar when there is nothing to do', () => {
    render(<ProgressBar value={0} max={0} label="Nothing" />);
    expect(screen.getByRole('progressbar', { name: 'Nothing' }).firstElementChild).toHaveStyle({
      inlineSize: '0%',
    });
  });
});
