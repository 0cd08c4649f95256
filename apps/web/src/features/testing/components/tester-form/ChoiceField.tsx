import { Controller, type Control } from 'react-hook-form';
import {
  SegmentedControl,
  type SegmentedControlProps,
} from '../../../../shared/ui/SegmentedControl/SegmentedControl';
import type { TesterFormValues } from '../../lib/testerForm';

type ChoiceName = 'by' | 'from' | 'count' | 'order' | 'period';

/** A segmented choice bound to one of the tester form's fields. */
export function ChoiceField({
  control,
  name,
  ...choice
}: { control: Control<TesterFormValues>; name: ChoiceName } & Omit<
  SegmentedControlProps<string>,
  'name' | 'value' | 'onChange' | 'onBlur'
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SegmentedControl
          {...choice}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
