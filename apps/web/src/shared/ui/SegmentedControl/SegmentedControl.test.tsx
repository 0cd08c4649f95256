import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedControl } from './SegmentedControl';

type Size = 's' | 'm' | 'l';
const options = [
  { value: 's', label: 'Small' },
  { value: 'm', label: 'Medium' },
  { value: 'l', label: 'Large' },
] as const;

function Harness({ disabled = false, hint }: { disabled?: boolean; hint?: string }) {
  const [value, setValue] = useState<Size>('m');
  return (
    <>
      <SegmentedControl
        legend="Size"
        options={options}
        value={value}
        onChange={setValue}
        disabled={disabled}
        hint={hint}
      />
      <output>{value}</output>
    </>
  );
}

describe('SegmentedControl', () => {
  it('is a named radio group with the value checked', () => {
    render(<Harness hint="Pick one" />);

    const group = screen.getByRole('group', { name: 'Size' });
    expect(group).toHaveAccessibleDescription('Pick one');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['s', 'm', 'l']);
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
  });

  it('changes on click and with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(screen.getByText('Large'));
    expect(screen.getByRole('status')).toHaveTextContent('l');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Medium' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('m');
  });

  it('enters the group at the checked option with Tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.tab();

    expect(screen.getByRole('radio', { name: 'Medium' })).toHaveFocus();
  });

  it('marks the checked option with more than colour', () => {
    const { container } = render(<Harness />);

    const marks = container.querySelectorAll('label svg');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.closest('label')).toHaveTextContent('Medium');
  });

  it('can be disabled as a whole', () => {
    render(<Harness disabled />);

    expect(screen.getByRole('group', { name: 'Size' })).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});
