import { useNamespace } from '@console/sdk';
import { ResourcePage } from '@console/sdk/ui';
import { Form, Input } from 'antd';

import { resources } from './i18n';

interface PrivacyEntry {
  id: string;
  version: number;
  project: string;
  purpose: string;
  scene: string;
}

/** The privacy list: what personal data is used, for what, and where. */
export default function Privacy() {
  const { t } = useNamespace('device', resources);
  return (
    <ResourcePage<PrivacyEntry>
      title={t('privacyList')}
      path="/device-service/privacy"
      testId="privacy"
      actions={{ add: 'device:privacy:edit', edit: 'device:privacy:edit', delete: 'device:privacy:edit' }}
      addLabel={t('addPrivacy')}
      addTestId="add-privacy"
      name={(row) => row.project}
      search={
        <Form.Item name="project" label={t('privacyProject')}>
          <Input allowClear />
        </Form.Item>
      }
      columns={[
        { title: t('privacyProject'), dataIndex: 'project' },
        { title: t('privacyPurpose'), dataIndex: 'purpose' },
        { title: t('privacyScene'), dataIndex: 'scene' },
      ]}
      form={
        <>
          <Form.Item name="project" label={t('privacyProject')} rules={[{ required: true, message: t('required') }]}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item name="purpose" label={t('privacyPurpose')} rules={[{ required: true, message: t('required') }]}>
            <Input.TextArea rows={3} maxLength={800} />
          </Form.Item>
          <Form.Item name="scene" label={t('privacyScene')} rules={[{ required: true, message: t('required') }]}>
            <Input.TextArea rows={3} maxLength={800} />
          </Form.Item>
        </>
      }
    />
  );
}
