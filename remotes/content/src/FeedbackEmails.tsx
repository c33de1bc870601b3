import { ResourcePage, SearchModeField } from '@console/sdk/ui';
import { Form, Input } from 'antd';

import { useTexts, ViewGuard, when } from './parts';
import { EMAIL } from './rules';
import { param, PATHS } from './service';
import { type FeedbackEmail, MAX_EMAIL, MAX_NAME } from './types';

function FeedbackEmailFields() {
  const { t } = useTexts();
  const required = { required: true, whitespace: true, message: t('required') };
  return (
    <>
      <Form.Item name="email" label={t('email')} rules={[required, { max: MAX_EMAIL }, { pattern: EMAIL, message: t('emailRule') }]}>
        <Input maxLength={MAX_EMAIL} data-testid="feedback-email-address" />
      </Form.Item>
      <Form.Item name="name" label={t('recipientName')} rules={[required, { max: MAX_NAME }]}>
        <Input maxLength={MAX_NAME} showCount data-testid="feedback-email-name" />
      </Form.Item>
    </>
  );
}

/** Feedback e-mail (/content/feedback-email): who is mailed when feedback arrives. */
export default function FeedbackEmails() {
  const { t } = useTexts();
  return (
    <ViewGuard action="content:feedback-email:view">
      <ResourcePage<FeedbackEmail>
        title={t('feedbackEmails')}
        path={PATHS.feedbackEmails}
        testId="feedback-emails"
        name={(row) => row.email}
        actions={{ add: 'content:feedback-email:edit', edit: 'content:feedback-email:edit', delete: 'content:feedback-email:delete' }}
        addLabel={t('addFeedbackEmail')}
        addTestId="add-feedback-email"
        query={(values) => ({ email: param(values.email), mode: param(values.mode) })}
        transform={(values) => ({ email: String(values.email ?? '').trim(), name: String(values.name ?? '').trim() })}
        search={
          <>
            <Form.Item name="email" label={t('email')}>
              <Input allowClear style={{ width: 220 }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { key: 'email', title: t('email'), dataIndex: 'email' },
          { key: 'name', title: t('recipientName'), dataIndex: 'name' },
          { key: 'createdAt', title: t('createdAt'), render: (_, row) => when(row.createdAt) },
        ]}
        form={<FeedbackEmailFields />}
      />
    </ViewGuard>
  );
}
