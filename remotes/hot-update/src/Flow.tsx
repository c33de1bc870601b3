import { api, useNamespace, type Page } from '@console/sdk';
import { ListPage } from '@console/sdk/ui';
import { Card, Form, Input, Tag } from 'antd';
import dayjs from 'dayjs';

import { resources } from './i18n';

interface FlowStep {
  id: string;
  patchId: string;
  pluginName: string;
  patchVersion: number;
  step: string;
  by: string;
  at: number;
  detail: string;
}

const COLORS: Record<string, string> = { created: 'default', edited: 'default', releasedToTest: 'processing', whitelistChanged: 'processing', promoted: 'success', revoked: 'error' };

/** Every step patches went through, who did it and when. */
export default function Flow() {
  const { t } = useNamespace('hot-update', resources);
  return (
    <Card title={t('flow')} variant="borderless">
      <ListPage<FlowStep>
        rowKey="id"
        testId="hot-flow"
        load={(q, page, pageSize) => api.get<Page<FlowStep>>('/hot-update-service/flow', { pluginName: q.pluginName as string, page, pageSize })}
        search={
          <Form.Item name="pluginName" label={t('pluginName')}>
            <Input allowClear />
          </Form.Item>
        }
        columns={[
          { title: t('at'), dataIndex: 'at', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('pluginName'), dataIndex: 'pluginName' },
          { title: t('patchVersion'), dataIndex: 'patchVersion' },
          { title: t('step'), dataIndex: 'step', render: (s: string) => <Tag color={COLORS[s]}>{t(`step_${s}`)}</Tag> },
          { title: t('by'), dataIndex: 'by' },
          { title: t('detail'), dataIndex: 'detail', ellipsis: true },
        ]}
      />
    </Card>
  );
}
