import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveRegion } from './LiveRegion';

describe('LiveRegion', () => {
  it('is a polite status region that receives its message after it is in the page', async () => {
    render(<LiveRegion message="Correct!" />);

    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('aria-atomic', 'true');
    expect(region).toHaveTextContent('');
    await waitFor(() => expect(region).toHaveTextContent('Correct!'));
  });

  it('announces a new message, and the same one again for a new key', async () => {
    const { rerender } = render(<LiveRegion message="Correct!" announceKey={1} />);
    const region = screen.getByRole('status');
    await waitFor(() => expect(region).toHaveTextContent('Correct!'));

    rerender(<LiveRegion message="Correct!" announceKey={2} />);
    await waitFor(() => expect(region).toHaveTextContent(''));
    await waitFor(() => expect(region).toHaveTextContent('Correct!'));

    rerender(<LiveRegion message="Not quite." announceKey={2} />);
    await waitFor(() => expect(region).toHaveTextContent('Not quite.'));
  });
});
