// What the upgrade pages share: the namespace, status and state tags, the pause note, dates and
// sizes, the per-language text field, the product and model filter, polling; and for app
// packages their status and publication tags, filters, columns and download QR codes.
import { DownloadOutlined } from '@ant-design/icons';
import { formatTime, LANGUAGES, useNamespace, usePagePermission } from '@console/sdk';
import { SearchModeField } from '@console/sdk/ui';
import { Button, Form, Input, QRCode, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';

import { resources } from './i18n';
import { packages } from './service';
import {
  type AppPackage,
  type AppStatus,
  EXEC_STATES,
  type ExecState,
  type FirmwarePackage,
  type PackageOption,
  type Pause,
  PLATFORMS,
  type ProductOption,
  type Publication,
  STATUSES,
  type Status,
} from './types';

/** This remote's strings (namespace `upgrade`). */
export const useTexts = () => useNamespace('upgrade', resources);

export const PUBLISH_PAGE = '/ota-upgrade/publish';

const STATUS_COLORS: Record<Status, string> = {
  pendingReview: 'gold',
  approved: 'cyan',
  pendingTest: 'default',
  underTest: 'processing',
  testComplete: 'blue',
  pendingRelease: 'purple',
  inGray: 'geekblue',
  grayPaused: 'warning',
  released: 'success',
  unpublished: 'default',
  rejected: 'error',
};

/** A value translated as `<prefix>_<value>`, in its colour. */
function TextTag<V extends string>({ prefix, value, colors }: { prefix: string; value: V; colors: Record<V, string> }) {
  const { t } = useTexts();
  return (
    <Tag color={colors[value]} data-testid={`${prefix}-${value}`}>
      {t(`${prefix}_${value}`)}
    </Tag>
  );
}

export function StatusTag({ status }: { status: Status }) {
  return <TextTag prefix="status" value={status} colors={STATUS_COLORS} />;
}

/** Values as select or radio options, each translated as `<prefix>_<value>`, in their order. */
export function useTextOptions<V extends string>(prefix: string, values: readonly V[]) {
  const { t } = useTexts();
  return values.map((value) => ({ value, label: t(`${prefix}_${value}`) }));
}

/** The statuses as select options, in flow order. */
export function useStatusOptions(statuses: readonly Status[] = STATUSES) {
  return useTextOptions('status', statuses);
}

const STATE_COLORS: Record<ExecState | 'waiting', string> = {
  waiting: 'default',
  queued: 'default',
  downloading: 'processing',
  downloaded: 'cyan',
  verifying: 'blue',
  updating: 'geekblue',
  succeeded: 'success',
  failed: 'error',
  timedOut: 'orange',
};

export function ExecStateTag({ state }: { state: ExecState | 'waiting' }) {
  const { t } = useTexts();
  return <Tag color={STATE_COLORS[state]}>{t(`state_${state}`)}</Tag>;
}

export function useStateOptions(states: readonly ExecState[] = EXEC_STATES) {
  return useTextOptions('state', states);
}

/** Why a device was offered the package: test, whitelist, gray, issued or released. */
export function SourceText({ source }: { source: string }) {
  const { t } = useTexts();
  return <>{t(`source_${source}`, { defaultValue: source })}</>;
}

/** A device's failure reason: the known ones translated, others as the device said. */
export function ReasonText({ reason }: { reason: string }) {
  const { t } = useTexts();
  return <>{reason ? t(`reason_${reason}`, { defaultValue: reason }) : '—'}</>;
}

/** A moment as every page shows it (the SDK's one format). */
export const when = formatTime;

export function fileSize(bytes: number) {
  if (bytes >= 1073741824) return `${(bytes / 1073741824).toFixed(2)} GB`;
  if (bytes >= 1048576) return `${(bytes / 1048576).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** A list as the text of a lines field (one entry per line). */
export const toLines = (entries: readonly string[]) => entries.join('\n');

/** `1.0.0 (100) → 1.1.0 (110)` */
export function VersionPath({ pkg }: { pkg: FirmwarePackage }) {
  return (
    <span>
      {pkg.currentVersionName} <Typography.Text type="secondary">({pkg.currentVersionCode})</Typography.Text> → {pkg.targetVersionName}{' '}
      <Typography.Text type="secondary">({pkg.targetVersionCode})</Typography.Text>
    </span>
  );
}

/** Why a gray rollout is paused: by hand, or by itself past its abort threshold. */
export function PauseNote({ pause, failurePercent }: { pause: Pause; failurePercent: number }) {
  const { t } = useTexts();
  return pause.automatic ? (
    <>{t('pausedAutomatically', { failed: pause.failed, finished: pause.finished, percent: failurePercent, at: when(pause.at) })}</>
  ) : (
    <>{t('pausedBy', { by: pause.by, at: when(pause.at) })}</>
  );
}

/** The status of a package, with why it waits (review) or paused (by hand or by itself). */
export function PackageStatus({ pkg }: { pkg: FirmwarePackage }) {
  const { t } = useTexts();
  if (pkg.status === 'grayPaused' && pkg.pause) {
    return (
      <Space orientation="vertical" size={0} data-testid={`pause-${pkg.id}`}>
        <Space size={4}>
          <StatusTag status={pkg.status} />
          {pkg.pause.automatic && <Typography.Text type="warning">{t('autoPaused')}</Typography.Text>}
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <PauseNote pause={pkg.pause} failurePercent={pkg.rollout.abort.failurePercent} />
        </Typography.Text>
      </Space>
    );
  }
  if (pkg.status === 'pendingReview') {
    return (
      <Tooltip title={t('reviewInProcessCentre')}>
        <span>
          <StatusTag status={pkg.status} />
        </span>
      </Tooltip>
    );
  }
  return <StatusTag status={pkg.status} />;
}

/** Package columns the publish, test and history pages share. */
export function usePackageColumns(): ColumnsType<FirmwarePackage> {
  const { t } = useTexts();
  return [
    { key: 'product', title: t('product'), render: (_, row) => row.productName },
    { key: 'model', title: t('model'), render: (_, row) => row.modelCode },
    { key: 'type', title: t('packageType'), render: (_, row) => t(`type_${row.packageType}`) },
    { key: 'versions', title: t('versions'), render: (_, row) => <VersionPath pkg={row} /> },
    { key: 'status', title: t('status'), render: (_, row) => <PackageStatus pkg={row} /> },
  ];
}

// App packages.

const APP_STATUS_COLORS: Record<AppStatus, string> = {
  development: 'default',
  testing: 'processing',
  tested: 'blue',
  underReview: 'gold',
  reviewed: 'cyan',
  discarded: 'error',
};

const PUBLICATION_COLORS: Record<Publication, string> = {
  unpublished: 'default',
  scheduled: 'purple',
  published: 'success',
  revoked: 'warning',
};

export function PublicationTag({ publication }: { publication: Publication }) {
  return <TextTag prefix="publication" value={publication} colors={PUBLICATION_COLORS} />;
}

/** An app package's status, why it waits (review) and, once reviewed, where it stands with its users. */
export function AppPackageStatus({ pkg }: { pkg: AppPackage }) {
  const { t } = useTexts();
  const status = <TextTag prefix="appStatus" value={pkg.status} colors={APP_STATUS_COLORS} />;
  return (
    <Space size={2} wrap>
      {pkg.status === 'underReview' ? (
        <Tooltip title={t('reviewInProcessCentre')}>
          <span>{status}</span>
        </Tooltip>
      ) : (
        status
      )}
      {pkg.publication !== 'unpublished' && <PublicationTag publication={pkg.publication} />}
    </Space>
  );
}

/** `App 1.2.0 (120) · Android`, as a confirmation names a package. */
export function useAppPackageName() {
  const { t } = useTexts();
  return (pkg: Pick<AppPackage, 'appName' | 'versionName' | 'versionCode' | 'platform'>) => `${pkg.appName} ${pkg.versionName} (${pkg.versionCode}) · ${t(`platform_${pkg.platform}`)}`;
}

/** A download address as a QR code to scan, with a button that opens it and one that copies it. */
export function DownloadQr({ url, label, size = 128, testId }: { url: string; label?: string; size?: number; testId?: string }) {
  const { t } = useTexts();
  return (
    <Space orientation="vertical" align="center" size={4} data-testid={testId}>
      <QRCode type="svg" value={url} size={size} />
      <Space size={0}>
        <Button type="link" size="small" href={url} target="_blank" rel="noreferrer" icon={<DownloadOutlined />}>
          {label ?? t('download')}
        </Button>
        <Typography.Text copyable={{ text: url }} />
      </Space>
    </Space>
  );
}

/** The filters of the app package list and of the history: the app's name (fuzzy or precise) and the platform. */
export function AppFilters() {
  const { t } = useTexts();
  const platforms = useTextOptions('platform', PLATFORMS);
  return (
    <>
      <Form.Item name="appName" label={t('appName')}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <SearchModeField />
      <Form.Item name="platform" label={t('platform')}>
        <Select allowClear style={{ width: 140 }} options={platforms} data-testid="platform-filter" />
      </Form.Item>
    </>
  );
}

/** The columns the app package list and the history share. */
export function useAppColumns(): ColumnsType<AppPackage> {
  const { t } = useTexts();
  return [
    { key: 'appName', title: t('appName'), dataIndex: 'appName' },
    { key: 'platform', title: t('platform'), render: (_, row) => t(`platform_${row.platform}`) },
    {
      key: 'version',
      title: t('version'),
      render: (_, row) => (
        <span>
          {row.versionName} <Typography.Text type="secondary">({row.versionCode})</Typography.Text>
        </span>
      ),
    },
  ];
}

/** Texts by language code, one tab per console language: at least one is required. */
function LanguageTexts({ id, value, onChange, rows }: { id?: string; value?: Record<string, string>; onChange?: (texts: Record<string, string>) => void; rows: number }) {
  const { t } = useTexts();
  return (
    <Tabs
      id={id}
      size="small"
      items={LANGUAGES.map((lang) => ({
        key: lang,
        label: value?.[lang]?.trim() ? `${t(`lang_${lang}`)} ✓` : t(`lang_${lang}`),
        forceRender: true,
        children: (
          <Input.TextArea
            rows={rows}
            maxLength={800}
            showCount
            data-testid={`text-${lang}`}
            aria-label={t(`lang_${lang}`)}
            value={value?.[lang] ?? ''}
            onChange={(event) => onChange?.({ ...value, [lang]: event.target.value })}
          />
        ),
      }))}
    />
  );
}

export function LanguageTextsField({ name, label, rows = 3 }: { name: string; label: string; rows?: number }) {
  const { t } = useTexts();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={t('oneLanguageAtLeast')}
      rules={[
        {
          validator: (_, texts: Record<string, string> | undefined) =>
            Object.values(texts ?? {}).some((text) => text.trim()) ? Promise.resolve() : Promise.reject(new Error(t('oneLanguageAtLeast'))),
        },
      ]}
    >
      <LanguageTexts rows={rows} />
    </Form.Item>
  );
}

/** Products with their released models (the package form and the filters). */
export function useProductOptions(enabled: boolean) {
  const [products, setProducts] = useState<ProductOption[]>([]);
  useEffect(() => {
    if (enabled) packages.productOptions().then(setProducts, () => setProducts([]));
  }, [enabled]);
  return products;
}

/** Product and model selects: the model's options follow the chosen product. `productId` and `modelId`. */
export function ProductModelFields({ products, required = false, width }: { products: ProductOption[]; required?: boolean; width?: number }) {
  const { t } = useTexts();
  const form = Form.useFormInstance();
  const rules = required ? [{ required: true, message: t('required') }] : [];
  return (
    <>
      <Form.Item name="productId" label={t('product')} rules={rules}>
        <Select
          allowClear={!required}
          showSearch={{ optionFilterProp: 'label' }}
          style={width ? { width } : undefined}
          data-testid="product-select"
          options={products.map((p) => ({ value: p.productId, label: p.productName }))}
          onChange={() => form.setFieldValue('modelId', undefined)}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['productId']}>
        {({ getFieldValue }) => (
          <Form.Item name="modelId" label={t('model')} rules={rules}>
            <Select
              allowClear={!required}
              style={width ? { width } : undefined}
              data-testid="model-select"
              options={(products.find((p) => p.productId === getFieldValue('productId'))?.models ?? []).map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))}
            />
          </Form.Item>
        )}
      </Form.Item>
    </>
  );
}

/** Packages for a select box (a statement's or an issue task's), each with its status. */
export function usePackageOptions(load: () => Promise<PackageOption[]>) {
  const { t } = useTexts();
  const [options, setOptions] = useState<PackageOption[]>([]);
  useEffect(() => {
    load().then(setOptions, () => setOptions([]));
  }, [load]);
  return options.map((option) => ({ value: option.id, label: `${option.label} · ${t(`status_${option.status}`)}` }));
}

/** The product and model filter of a list, shown only to users who may read the product options. */
export function ProductModelFilter() {
  const mayView = usePagePermission(PUBLISH_PAGE)('ota:package:view');
  const products = useProductOptions(mayView);
  return mayView ? <ProductModelFields products={products} width={180} /> : null;
}

/** How often a live view (a running rollout, an issue task) is read again while it is open. */
export const POLL_MS = 3000;

/**
 * Calls `load` now, and again every `ms` while the latest answer is `live`; stops when the
 * component goes (a drawer closes). Returns the latest answer and a way to load again at once.
 */
export function usePoll<T>(load: (quiet: boolean) => Promise<T>, live: (answer: T) => boolean, ms: number) {
  const [answer, setAnswer] = useState<T | undefined>();
  const [tick, setTick] = useState(0);
  // The caller's latest closures; `tick` alone drives the calls.
  const calls = useRef({ load, live });
  calls.current = { load, live };
  const wasLive = useRef(false);
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      if (current) timer = setTimeout(() => setTick((n) => n + 1), ms);
    };
    // After the first answer, errors are quiet: a live view does not toast every few seconds.
    calls.current.load(tick > 0).then(
      (next) => {
        if (!current) return;
        setAnswer(next);
        wasLive.current = calls.current.live(next);
        if (wasLive.current) again();
      },
      // A passing failure while live: try again at the next beat.
      () => wasLive.current && again(),
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [tick, ms]);
  return { answer, refresh: () => setTick((n) => n + 1) };
}
