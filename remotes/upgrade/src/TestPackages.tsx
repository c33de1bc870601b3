import { usePermission } from '@console/sdk';
import { type ListHandle, LinesField, ListPage, ModalForm, useConfirm, useRiskConfirm } from '@console/sdk/ui';
import { App, Card, Form, Input, Space, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';

import { PackageDrawer } from './PackageDrawer';
import { ProductModelFilter, toLines, usePackageColumns, useTexts } from './parts';
import { packages, param } from './service';
import { type FirmwarePackage, MAX_LIST_ENTRIES, mayChangeTestDevices } from './types';

/** The end of a test: passed (a conclusion may be given) or failed (it must be). */
type Verdict = { pkg: FirmwarePackage; action: 'pass' | 'fail' };

/** The SNs that get a package while it is under test: at most 20; empty deletes them. */
function TestDevicesForm({ pkg, onClose, onSaved }: { pkg: FirmwarePackage | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const riskConfirm = useRiskConfirm();
  return (
    <ModalForm<{ sns: string }>
      open={pkg !== null}
      title={`${t('testDevices')} · ${pkg ? `${pkg.modelCode} ${pkg.targetVersionName}` : ''}`}
      initialValues={pkg ? { sns: toLines(pkg.testSns) } : undefined}
      onClose={onClose}
      onSubmit={({ sns }) =>
        pkg
          ? riskConfirm(sns ?? '', (riskConfirmed) =>
              packages.setTestDevices(pkg.id, sns ?? '', riskConfirmed).then(() => {
                void message.success(sns?.trim() ? t('testDevicesSaved') : t('testDevicesDeleted'));
                onSaved();
              }),
            )
          : Promise.resolve()
      }
    >
      <Typography.Paragraph type="secondary">{t('testDevicesHint')}</Typography.Paragraph>
      <LinesField name="sns" label={t('testSns')} max={MAX_LIST_ENTRIES} required={false} />
    </ModalForm>
  );
}

function VerdictForm({ verdict, onClose, onSaved }: { verdict: Verdict | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const failing = verdict?.action === 'fail';
  return (
    <ModalForm<{ conclusion?: string }>
      open={verdict !== null}
      title={failing ? t('failTest') : t('passTest')}
      onClose={onClose}
      onSubmit={({ conclusion }) =>
        verdict
          ? packages.test(verdict.pkg.id, verdict.action, { conclusion: conclusion ?? '' }).then(() => {
              void message.success(failing ? t('testFailed') : t('testPassed'));
              onSaved();
            })
          : Promise.resolve()
      }
    >
      <Typography.Paragraph>{failing ? t('failTestHint') : t('passTestHint')}</Typography.Paragraph>
      <Form.Item name="conclusion" label={t('testConclusion')} rules={[{ required: failing, whitespace: true, message: t('conclusionRequired') }]}>
        <Input.TextArea rows={4} maxLength={800} showCount data-testid="test-conclusion" />
      </Form.Item>
    </ModalForm>
  );
}

/** Firmware test (/ota-upgrade/test): test devices, then start, cancel, pass or fail the test. */
export default function TestPackages() {
  const { t } = useTexts();
  const may = usePermission();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const list = useRef<ListHandle>(null);
  const [devicesOf, setDevicesOf] = useState<FirmwarePackage | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [shown, setShown] = useState<FirmwarePackage | null>(null);
  const columns = usePackageColumns();
  const reload = () => list.current?.reload();

  const run = (pkg: FirmwarePackage, action: 'start' | 'cancel') => {
    // The server refuses a test without devices: ask for them (of whoever may set them)
    // instead of a start that must fail.
    if (action === 'start' && pkg.testSns.length === 0) {
      void message.info(t('startTestNoDevices'));
      if (may('ota:test:edit')) setDevicesOf(pkg);
      return;
    }
    const name = `${pkg.modelCode} ${pkg.targetVersionName}`;
    const content = action === 'start' ? t('startTestHint', { count: pkg.testSns.length }) : t('cancelTestHint');
    confirm(action === 'start' ? t('startTestTitle', { name }) : t('cancelTestTitle', { name }), content, () =>
      packages.test(pkg.id, action).then(() => {
        void message.success(action === 'start' ? t('testStarted') : t('testCancelled'));
        reload();
      }),
    );
  };

  return (
    <Card title={t('firmwareTest')} variant="borderless">
      <ListPage<FirmwarePackage>
        handle={list}
        rowKey="id"
        testId="firmware-test"
        load={(q, page, pageSize) => packages.inTest({ productId: param(q.productId), modelId: param(q.modelId), page, pageSize })}
        search={<ProductModelFilter />}
        columns={[
          ...columns,
          {
            key: 'testSns',
            title: t('testDevices'),
            render: (_, row) => (
              <Tooltip title={row.testSns.length ? <span style={{ whiteSpace: 'pre-line' }}>{toLines(row.testSns)}</span> : undefined}>
                <span data-testid={`test-sns-${row.id}`}>{row.testSns.length}</span>
              </Tooltip>
            ),
          },
          { key: 'conclusion', title: t('testConclusion'), ellipsis: true, render: (_, row) => row.testConclusion || '—' },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) => (
              <Space wrap size="small">
                <a onClick={() => setShown(row)}>{t('details')}</a>
                {may('ota:test:edit') && mayChangeTestDevices(row.status) && (
                  <a onClick={() => setDevicesOf(row)} data-testid={`test-devices-${row.id}`}>
                    {t('testDevices')}
                  </a>
                )}
                {may('ota:test:run') && (row.status === 'approved' || row.status === 'pendingTest') && (
                  <a onClick={() => run(row, 'start')} data-testid={`start-test-${row.id}`}>
                    {t('startTest')}
                  </a>
                )}
                {may('ota:test:run') && row.status === 'underTest' && (
                  <>
                    <a onClick={() => setVerdict({ pkg: row, action: 'pass' })} data-testid={`pass-test-${row.id}`}>
                      {t('passTest')}
                    </a>
                    <a onClick={() => setVerdict({ pkg: row, action: 'fail' })} data-testid={`fail-test-${row.id}`}>
                      {t('failTest')}
                    </a>
                    <a onClick={() => run(row, 'cancel')} data-testid={`cancel-test-${row.id}`}>
                      {t('cancelTest')}
                    </a>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <TestDevicesForm pkg={devicesOf} onClose={() => setDevicesOf(null)} onSaved={reload} />
      <VerdictForm verdict={verdict} onClose={() => setVerdict(null)} onSaved={reload} />
      {shown && <PackageDrawer key={shown.id} pkg={shown} onClose={() => setShown(null)} />}
    </Card>
  );
}
