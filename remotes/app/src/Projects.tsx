import { ResourcePage, SearchModeField } from '@console/sdk/ui';
import { DatePicker, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import { day, SecretField, SecretHintText, useEnterprises, useLanguageName, useLanguageOptions, useTexts, ViewGuard } from './parts';
import { PATHS } from './service';
import { type Enterprise, type Project, REGIONS } from './types';

/** What a project's form sends: its time range in milliseconds, the secret (empty keeps it). */
function toBody(values: Record<string, unknown>): Record<string, unknown> {
  const { period, ...rest } = values;
  const range = Array.isArray(period) ? (period as [Dayjs | null, Dayjs | null]) : [null, null];
  return {
    ...rest,
    startsAt: range[0] ? range[0].startOf('day').valueOf() : undefined,
    endsAt: range[1] ? range[1].endOf('day').valueOf() : undefined,
    appSecret: typeof values.appSecret === 'string' ? values.appSecret.trim() : '',
  };
}

/** A row being edited: its stored secret's hint, apart from its (empty) field. */
type Editing = Partial<Project> & { storedSecret?: Project['appSecret'] };

const toForm = (row: Project) => ({
  period: [dayjs(row.startsAt), dayjs(row.endsAt)],
  appSecret: undefined,
  storedSecret: row.appSecret,
});

function ProjectFields({ editing, enterprises }: { editing: Editing; enterprises: Enterprise[] }) {
  const { t } = useTexts();
  const languages = useLanguageOptions();
  const required = { required: true, message: t('required') };
  return (
    <>
      {editing.id && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'projectCode',
              label: t('projectCode'),
              children: (
                <Typography.Text copyable data-testid="project-code">
                  {editing.projectCode}
                </Typography.Text>
              ),
            },
            {
              key: 'appKey',
              label: t('appKey'),
              children: (
                <Typography.Text copyable data-testid="app-key">
                  {editing.appKey}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
      <Form.Item name="name" label={t('projectName')} rules={[{ ...required, whitespace: true }, { max: 80 }]}>
        <Input data-testid="project-name" />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="region" label={t('region')} rules={[required]}>
          <Select style={{ width: 180 }} data-testid="project-region" options={REGIONS.map((r) => ({ value: r, label: t(`region_${r}`) }))} />
        </Form.Item>
        <Form.Item name="enterpriseId" label={t('enterprise')} rules={[required]}>
          <Select style={{ width: 280 }} showSearch={{ optionFilterProp: 'label' }} data-testid="project-enterprise" options={enterprises.map((e) => ({ value: e.id, label: e.tenantName }))} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="projectType" label={t('projectType')} rules={[{ max: 32 }]}>
          <Input style={{ width: 180 }} data-testid="project-type" />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('period')}
          rules={[
            required,
            {
              validator: (_, range: [Dayjs | null, Dayjs | null] | undefined) =>
                range?.[0] && range[1] && !range[1].endOf('day').isAfter(range[0].startOf('day')) ? Promise.reject(new Error(t('endAfterStart'))) : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker data-testid="project-period" />
        </Form.Item>
      </Space>
      <Form.Item name="languages" label={t('languages')} rules={[{ ...required, type: 'array', min: 1 }]} extra={t('languagesHint')}>
        <Select mode="multiple" data-testid="project-languages" options={languages} />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={[{ max: 800 }]}>
        <Input.TextArea rows={3} maxLength={800} showCount />
      </Form.Item>
      <SecretField name="appSecret" label={t('appSecret')} hint={editing.id ? (editing.storedSecret ?? { hint: '' }) : undefined} />
    </>
  );
}

/** Projects (/app-manage/project): an enterprise's app project, its app key and sealed app secret, and its copy languages. */
export default function Projects() {
  const { t } = useTexts();
  const enterprises = useEnterprises();
  const languageName = useLanguageName();
  const regions = REGIONS.map((r) => ({ value: r, label: t(`region_${r}`) }));
  return (
    <ViewGuard action="app:project:view">
      <ResourcePage<Project>
        title={t('projects')}
        path={PATHS.projects}
        testId="projects"
        name={(row) => row.name}
        actions={{ add: 'app:project:edit', edit: 'app:project:edit', delete: 'app:project:delete' }}
        addLabel={t('addProject')}
        addTestId="add-project"
        formWidth={680}
        defaults={{ languages: ['zhCn', 'en'] }}
        transform={toBody}
        toForm={toForm}
        search={
          <>
            <Form.Item name="name" label={t('projectName')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="projectCode" label={t('projectCode')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="region" label={t('region')}>
              <Select allowClear style={{ width: 140 }} options={regions} />
            </Form.Item>
            {/* No enterprise filter: the server compares the query's text with the stored number and never matches (reported). */}
          </>
        }
        columns={[
          { key: 'name', title: t('projectName'), dataIndex: 'name' },
          { key: 'projectCode', title: t('projectCode'), render: (_, row) => <Typography.Text copyable>{row.projectCode}</Typography.Text> },
          { key: 'region', title: t('region'), render: (_, row) => t(`region_${row.region}`, { defaultValue: row.region }) },
          { key: 'enterprise', title: t('enterprise'), render: (_, row) => row.enterpriseName || `#${row.enterpriseId}` },
          { key: 'projectType', title: t('projectType'), render: (_, row) => row.projectType || '—' },
          { key: 'period', title: t('period'), render: (_, row) => `${day(row.startsAt)} – ${day(row.endsAt)}` },
          { key: 'languages', title: t('languages'), render: (_, row) => row.languages.map((lang) => <Tag key={lang}>{languageName(lang)}</Tag>) },
          { key: 'appKey', title: t('appKey'), render: (_, row) => <Typography.Text copyable>{row.appKey}</Typography.Text> },
          { key: 'appSecret', title: t('appSecret'), render: (_, row) => <SecretHintText secret={row.appSecret} /> },
        ]}
        form={(editing) => <ProjectFields editing={editing} enterprises={enterprises} />}
      />
    </ViewGuard>
  );
}
