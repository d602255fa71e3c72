import { Select } from 'antd';

/**
 * A list filter "any of these": several values, searchable by their labels, cleared to `undefined` (no filter)
 * rather than an empty list. The label is its placeholder and its accessible name.
 */
export function FilterSelect<T extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: {
  value: readonly T[] | undefined;
  options: { value: T; label: string }[];
  onChange: (value: T[] | undefined) => void;
  label: string;
  testId: string;
}) {
  return (
    <Select<T[]>
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      value={[...(value ?? [])]}
      onChange={(v) => onChange(v.length ? v : undefined)}
      options={options}
      optionFilterProp="label"
      placeholder={label}
      aria-label={label}
      data-testid={testId}
    />
  );
}
