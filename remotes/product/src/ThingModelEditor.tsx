import { useNamespace } from '@console/sdk';
import { Button, Form, Input, Modal, Select, Space, Switch, Table, Tabs } from 'antd';
import { useLayoutEffect, useState } from 'react';

import { resources } from './i18n';
import { MemberList, ParamEditor } from './ParamEditor';
import { describeType, emptyModel, type Param, type Property, type Service, type ThingEvent, type ThingModel, type Unit } from './thingModel';

type Feature = ThingEvent | Service;

/** A template's thing model: properties, events and services (a form control: value, onChange). */
export function ThingModelEditor({ value, onChange, units, readOnly = false }: { value?: ThingModel; onChange?: (model: ThingModel) => void; units: Unit[]; readOnly?: boolean }) {
  const { t } = useNamespace('product', resources);
  const model = value ?? emptyModel();
  const [property, setProperty] = useState<{ at?: number } | null>(null);
  const [feature, setFeature] = useState<{ kind: 'events' | 'services'; at?: number } | null>(null);
  const set = (next: Partial<ThingModel>) => onChange?.({ ...model, ...next });
  const setProperties = (properties: Property[]) => set({ properties });

  const rowActions = (onEdit: () => void, onDelete: () => void) =>
    readOnly ? (
      <Button type="link" onClick={onEdit}>
        {t('view')}
      </Button>
    ) : (
      <Space>
        <Button type="link" onClick={onEdit}>
          {t('edit')}
        </Button>
        <Button type="link" danger onClick={onDelete}>
          {t('delete')}
        </Button>
      </Space>
    );

  const properties = (
    <>
      <Table<Property>
        size="small"
        rowKey="identifier"
        dataSource={model.properties}
        pagination={false}
        data-testid="properties"
        columns={[
          { title: t('identifier'), dataIndex: 'identifier' },
          { title: t('name'), dataIndex: 'name' },
          { title: t('type'), render: (_, p) => describeType(p.dataType) },
          {
            title: t('accessMode'),
            render: (_, p, i) => (
              <Select
                size="small"
                disabled={readOnly}
                value={p.accessMode}
                options={[
                  { value: 'r', label: t('readOnly') },
                  { value: 'rw', label: t('readWrite') },
                ]}
                onChange={(accessMode) => setProperties(model.properties.map((q, j) => (j === i ? { ...q, accessMode } : q)))}
              />
            ),
          },
          {
            title: t('requiredFlag'),
            render: (_, p, i) => (
              <Switch size="small" disabled={readOnly} checked={p.required} onChange={(required) => setProperties(model.properties.map((q, j) => (j === i ? { ...q, required } : q)))} />
            ),
          },
          {
            title: t('consumable'),
            render: (_, p, i) => (
              <Switch size="small" disabled={readOnly} checked={p.consumable} onChange={(consumable) => setProperties(model.properties.map((q, j) => (j === i ? { ...q, consumable } : q)))} />
            ),
          },
          {
            title: t('actions'),
            render: (_, _p, i) =>
              rowActions(
                () => setProperty({ at: i }),
                () => setProperties(model.properties.filter((_q, j) => j !== i)),
              ),
          },
        ]}
      />
      {readOnly ? null : (
        <Button onClick={() => setProperty({})} data-testid="property-add">
          {t('addProperty')}
        </Button>
      )}
    </>
  );

  const features = (kind: 'events' | 'services') => {
    const list: Feature[] = model[kind];
    return (
      <>
        <Table<Feature>
          size="small"
          rowKey="identifier"
          dataSource={list}
          pagination={false}
          columns={[
            { title: t('identifier'), dataIndex: 'identifier' },
            { title: t('name'), dataIndex: 'name' },
            { title: kind === 'events' ? t('eventType') : t('callType'), render: (_, f) => ('eventType' in f ? t(`event_${f.eventType}`) : t(`call_${f.callType}`)) },
            { title: t('requiredFlag'), render: (_, f) => (f.required ? t('yes') : t('no')) },
            {
              title: t('actions'),
              render: (_, _f, i) =>
                rowActions(
                  () => setFeature({ kind, at: i }),
                  () => set({ [kind]: list.filter((_g, j) => j !== i) }),
                ),
            },
          ]}
        />
        {readOnly ? null : (
          <Button onClick={() => setFeature({ kind })} data-testid={`${kind}-add`}>
            {kind === 'events' ? t('addEvent') : t('addService')}
          </Button>
        )}
      </>
    );
  };

  const editedProperty = property?.at !== undefined ? model.properties[property.at] : undefined;
  return (
    <>
      <Tabs
        items={[
          { key: 'properties', label: `${t('properties')} (${model.properties.length})`, children: properties },
          { key: 'events', label: `${t('events')} (${model.events.length})`, children: features('events') },
          { key: 'services', label: `${t('services')} (${model.services.length})`, children: features('services') },
        ]}
      />
      <ParamEditor
        open={property !== null}
        value={editedProperty}
        units={units}
        readOnly={readOnly}
        onCancel={() => setProperty(null)}
        onOk={(param: Param) => {
          const next: Property = { accessMode: editedProperty?.accessMode ?? 'rw', required: editedProperty?.required ?? false, consumable: editedProperty?.consumable ?? false, ...param };
          const at = property?.at;
          setProperties(at === undefined ? [...model.properties, next] : model.properties.map((p, i) => (i === at ? next : p)));
          setProperty(null);
        }}
      />
      <FeatureEditor
        open={feature !== null}
        kind={feature?.kind ?? 'events'}
        value={feature && feature.at !== undefined ? model[feature.kind][feature.at] : undefined}
        units={units}
        readOnly={readOnly}
        onCancel={() => setFeature(null)}
        onOk={(saved) => {
          if (!feature) return;
          const list: Feature[] = model[feature.kind];
          const at = feature.at;
          set({ [feature.kind]: at === undefined ? [...list, saved] : list.map((f, i) => (i === at ? saved : f)) });
          setFeature(null);
        }}
      />
    </>
  );
}

/** An event (its output parameters) or a service (its call type, input and output parameters). */
function FeatureEditor({
  open,
  kind,
  value,
  units,
  readOnly,
  onOk,
  onCancel,
}: {
  open: boolean;
  kind: 'events' | 'services';
  value?: Feature;
  units: Unit[];
  readOnly: boolean;
  onOk: (feature: Feature) => void;
  onCancel: () => void;
}) {
  const { t } = useNamespace('product', resources);
  const [form] = Form.useForm();
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    const empty =
      kind === 'events'
        ? { identifier: '', name: '', eventType: 'info', required: false, outputData: [] }
        : { identifier: '', name: '', callType: 'async', required: false, inputData: [], outputData: [] };
    form.setFieldsValue(structuredClone(value ?? empty));
  }, [open, value, kind, form]);
  const params = (name: string, label: string) => (
    <Form.Item name={name} label={label}>
      <MemberList units={units} readOnly={readOnly} place="top" />
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      width={800}
      title={kind === 'events' ? t('event') : t('service')}
      onCancel={onCancel}
      onOk={async () => onOk((await form.validateFields()) as Feature)}
      okButtonProps={{ hidden: readOnly }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} disabled={readOnly} labelCol={{ style: { width: 100 } }} labelAlign="left">
        <Form.Item
          name="identifier"
          label={t('identifier')}
          validateTrigger="onBlur"
          rules={[
            { required: true, message: t('required') },
            { pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/, message: t('identifierRule') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('name')} validateTrigger="onBlur" rules={[{ required: true, message: t('required') }]}>
          <Input />
        </Form.Item>
        {kind === 'events' ? (
          <Form.Item name="eventType" label={t('eventType')} rules={[{ required: true, message: t('required') }]}>
            <Select options={['info', 'alert', 'fault'].map((v) => ({ value: v, label: t(`event_${v}`) }))} />
          </Form.Item>
        ) : (
          <Form.Item name="callType" label={t('callType')} rules={[{ required: true, message: t('required') }]}>
            <Select options={['async', 'sync'].map((v) => ({ value: v, label: t(`call_${v}`) }))} />
          </Form.Item>
        )}
        <Form.Item name="required" label={t('requiredFlag')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {kind === 'services' ? params('inputData', t('inputData')) : null}
        {params('outputData', t('outputData'))}
      </Form>
    </Modal>
  );
}
