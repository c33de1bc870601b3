import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The search modes: fuzzy (contains) or precise (equals); the field is `mode`. */
export function SearchModeField() {
  const { t } = useTranslation('sdk');
  return (
    <Form.Item name="mode" label={t('searchMode')} initialValue="fuzzy">
      <Radio.Group
        optionType="button"
        options={[
          { value: 'fuzzy', label: t('fuzzy') },
          { value: 'precise', label: t('precise') },
        ]}
      />
    </Form.Item>
  );
}

/** The console's time ranges, as the server's `range` values. */
export const TIME_RANGES = ['1h', '3h', '1d', '3d', '7d', '30d', '60d', '90d'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export function TimeRangeSelect({ value, onChange }: { value: TimeRange; onChange: (range: TimeRange) => void }) {
  const { t } = useTranslation('sdk');
  return (
    <Select<TimeRange>
      aria-label={t('range')}
      data-testid="time-range"
      value={value}
      onChange={onChange}
      style={{ width: 160 }}
      options={TIME_RANGES.map((range) => ({ value: range, label: t(`range_${range}`) }))}
    />
  );
}

/** How many different entries a text of one per line holds (blank lines and repeats not counted). */
export function lineCount(text: unknown): number {
  return new Set(
    String(text ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  ).size;
}

/** Entries one per line (SNs, product ids, recipients), at most `max` (20 by default): counted as
 * typed, refused before sending; the server checks again. */
export function LinesField({ name, label, max = 20, required = true }: { name: string; label: string; max?: number; required?: boolean }) {
  const { t } = useTranslation('sdk');
  const count = lineCount;
  return (
    <Form.Item
      name={name}
      label={label}
      extra={t('linesHint', { max })}
      rules={[{ required, whitespace: true }, { validator: (_, text) => (count(text) > max ? Promise.reject(new Error(t('linesCount', { count: count(text), max }))) : Promise.resolve()) }]}
    >
      <Input.TextArea rows={6} />
    </Form.Item>
  );
}
