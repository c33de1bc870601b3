import { useNamespace } from '@console/sdk';
import { Col, Empty, Image, Row, Tag, Typography } from 'antd';

import { resources } from './i18n';

export const BASE = '/ai-data-service';
export const KINDS = ['obstacle', 'map'] as const;
export const STATUSES = ['collected', 'annotated', 'approved', 'rejected'] as const;
export const BUG_TYPES = ['missed-obstacle', 'false-detection', 'wrong-label', 'poor-image', 'map-error', 'other'] as const;
export type Status = (typeof STATUSES)[number];
export const STATUS_COLOR: Record<Status, string> = { collected: 'default', annotated: 'processing', approved: 'success', rejected: 'error' };

export interface Item {
  id: string;
  sn: string;
  productKey: string;
  firmwareVersion: string;
  kind: (typeof KINDS)[number];
  label: string;
  confidence: number | null;
  takenAt: number;
  whitelistId: string;
  width: number;
  height: number;
  status: Status;
  annotation: { bugType: string; label: string; remark: string; annotator: string; annotatorId: number; annotatedAt: number } | null;
  review: { approved: boolean; comment: string; reviewer: string; reviewedAt: number } | null;
  thumbUrl: string;
  imageUrl: string;
  userImageUrl: string | null;
  userThumbUrl: string | null;
}

export interface Whitelist {
  id: string;
  name: string;
  sns: string[];
  kinds: string[];
  privacyProject: string;
  enabled: boolean;
  remark: string;
  progress: [Status, number][];
  version: number;
}

export function StatusTag({ status }: { status: Status }) {
  const { t } = useNamespace('ai-data', resources);
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={`status-${status}`}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** The original picture and the annotator's side by side, each opening full size. */
export function SideBySide({ item }: { item: Item }) {
  const { t } = useNamespace('ai-data', resources);
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Typography.Text strong>{t('original')}</Typography.Text>
        <Image src={item.thumbUrl} preview={{ src: item.imageUrl }} alt={t('original')} width="100%" data-testid="original-image" />
      </Col>
      <Col span={12}>
        <Typography.Text strong>{t('userImage')}</Typography.Text>
        {item.userImageUrl ? (
          <Image src={item.userThumbUrl ?? item.userImageUrl} preview={{ src: item.userImageUrl }} alt={t('userImage')} width="100%" data-testid="user-image" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noUserImage')} />
        )}
      </Col>
    </Row>
  );
}
