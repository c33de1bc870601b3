import { LinesField, lineCount, ModalForm, useRiskConfirm } from '@console/sdk/ui';
import { App, Form, InputNumber, Radio, Space, Typography } from 'antd';

import { toLines, useTexts } from './parts';
import { type Body, packages } from './service';
import { type FirmwarePackage, GRAY_MODES, MAX_GRAY_LIST, MAX_LIST_ENTRIES, type Rollout } from './types';

/** The form's values from a package's strategy: lists as text, the abort rule as two fields. */
function formOf(rollout: Rollout): Body {
  return {
    grayMode: rollout.grayMode,
    grayPercent: rollout.grayPercent || 10,
    grayList: toLines(rollout.grayList),
    whitelist: toLines(rollout.whitelist),
    blacklist: toLines(rollout.blacklist),
    ratePerMinute: rollout.ratePerMinute,
    abortFailurePercent: rollout.abort.failurePercent,
    abortMinDevices: rollout.abort.minDevices,
    timeoutMinutes: rollout.timeoutMinutes,
    retries: rollout.retries,
  };
}

/** A number field of the strategy, with its bounds. */
function NumberItem({ name, label, min, max, hint }: { name: string; label: string; min: number; max: number; hint?: string }) {
  const { t } = useTexts();
  return (
    <Form.Item name={name} label={label} tooltip={hint} rules={[{ required: true, message: t('required') }]}>
      <InputNumber min={min} max={max} precision={0} style={{ width: 160 }} data-testid={`rollout-${name}`} />
    </Form.Item>
  );
}

/**
 * The release strategy of a package: who is in the gray (a share of devices by SN, or a list),
 * the white- and blacklist, the rate, the abort rule, the timeout and the retries.
 */
/** The longest of a strategy's SN lists (gray, white, black), one SN per line. */
function longestList(values: Body): string {
  const lists = ['grayList', 'whitelist', 'blacklist'].map((name) => String(values[name] ?? ''));
  return lists.reduce((longest, list) => (lineCount(list) > lineCount(longest) ? list : longest), '');
}

export function RolloutForm({ pkg, onClose, onSaved }: { pkg: FirmwarePackage | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const riskConfirm = useRiskConfirm();
  return (
    <ModalForm<Body>
      open={pkg !== null}
      title={`${t('releaseStrategy')} · ${pkg ? `${pkg.modelCode} ${pkg.targetVersionName}` : ''}`}
      initialValues={pkg ? formOf(pkg.rollout) : undefined}
      width={720}
      onClose={onClose}
      onSubmit={(values) =>
        pkg
          ? // The longest of its SN lists asks for the risk's confirmation above ten.
            riskConfirm(longestList(values), (riskConfirmed) =>
              packages.setRollout(pkg.id, { ...values, version: pkg.version, riskConfirmed }).then(() => {
                void message.success(t('strategySaved'));
                onSaved();
              }),
            )
          : Promise.resolve()
      }
    >
      <Form.Item name="grayMode" label={t('grayMode')} rules={[{ required: true, message: t('required') }]}>
        <Radio.Group optionType="button" options={GRAY_MODES.map((mode) => ({ value: mode, label: t(`grayMode_${mode}`) }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['grayMode']}>
        {({ getFieldValue }) =>
          getFieldValue('grayMode') === 'list' ? (
            <LinesField name="grayList" label={t('grayList')} max={MAX_GRAY_LIST} />
          ) : (
            <Form.Item name="grayPercent" label={t('grayPercent')} extra={t('grayPercentHint')} rules={[{ required: true, message: t('required') }]}>
              <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: 160 }} data-testid="rollout-grayPercent" />
            </Form.Item>
          )
        }
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('listsHint')}</Typography.Paragraph>
      <Space wrap align="start" style={{ width: '100%' }} styles={{ item: { flex: 1, minWidth: 300 } }}>
        <LinesField name="whitelist" label={t('whitelist')} max={MAX_LIST_ENTRIES} required={false} />
        <LinesField name="blacklist" label={t('blacklist')} max={MAX_LIST_ENTRIES} required={false} />
      </Space>
      <Space wrap align="start">
        <NumberItem name="ratePerMinute" label={t('ratePerMinute')} min={0} max={1000000} hint={t('ratePerMinuteHint')} />
        <NumberItem name="timeoutMinutes" label={t('timeoutMinutes')} min={1} max={10080} hint={t('timeoutMinutesHint')} />
        <NumberItem name="retries" label={t('retries')} min={0} max={10} hint={t('retriesHint')} />
      </Space>
      <Space wrap align="start">
        <NumberItem name="abortFailurePercent" label={t('abortFailurePercent')} min={0} max={100} hint={t('abortFailurePercentHint')} />
        <NumberItem name="abortMinDevices" label={t('abortMinDevices')} min={1} max={1000000} hint={t('abortMinDevicesHint')} />
      </Space>
    </ModalForm>
  );
}
