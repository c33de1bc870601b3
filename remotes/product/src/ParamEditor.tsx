import { useNamespace } from '@console/sdk';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, type ButtonProps } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';

import { resources } from './i18n';
import {
  blockedOnOk,
  cleanSpecs,
  deleteMember,
  describeType,
  emptyParam,
  removeEnumRow,
  requiredSpecs,
  saveMember,
  showsEnumAdd,
  specsForType,
  typesAt,
  withUnit,
  type EnumItem,
  type Param,
  type ParamType,
  type Place,
  type Specs,
  type Unit,
} from './thingModel';

/** The dialog's size and label width. */
const WIDTH = 800;
const LABEL = { style: { width: 100 } };

export interface ParamEditorProps {
  open: boolean;
  /** The parameter edited; none to add one (the form starts empty). */
  value?: Param;
  place?: Place;
  units: Unit[];
  readOnly?: boolean;
  onOk: (param: Param) => void;
  onCancel: () => void;
}

/** The thing-model parameter editor. */
export function ParamEditor({ open, value, place = 'top', units, readOnly = false, onOk, onCancel }: ParamEditorProps) {
  const { t } = useNamespace('product', resources);
  const { message } = App.useApp();
  const [form] = Form.useForm<Param>();
  const keptEnum = useRef<EnumItem[] | undefined>(undefined);
  const type = Form.useWatch(['dataType', 'type'], form) as ParamType | '' | undefined;
  const elementType = Form.useWatch(['dataType', 'specs', 'arrDataType', 'type'], form) as ParamType | '' | undefined;

  // Edit loads the parameter; add resets the form.
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    const loaded = value ?? emptyParam();
    keptEnum.current = loaded.dataType.specs.enumParam;
    form.setFieldsValue(structuredClone(loaded));
  }, [open, value, form]);

  const onTypeChange = (next: ParamType) => {
    const specs = (form.getFieldValue(['dataType', 'specs']) ?? {}) as Specs;
    if (specs.enumParam?.some((row) => row.text !== '' || row.value !== null)) keptEnum.current = specs.enumParam;
    form.setFieldValue(['dataType', 'specs'], specsForType(next, specs, keptEnum.current));
  };

  const ok = async () => {
    const param = (await form.validateFields()) as Param;
    const full: Param = { ...param, dataType: { ...param.dataType, specs: { ...form.getFieldValue(['dataType', 'specs']) } } };
    const blocked = blockedOnOk(full);
    if (blocked) {
      // An error toast, and the dialog stays open.
      message.error(t(blocked));
      return;
    }
    full.dataType.specs = cleanSpecs(full.dataType.type, full.dataType.specs);
    if (full.dataType.specs.arrDataType) {
      const element = full.dataType.specs.arrDataType;
      full.dataType.specs.arrDataType = { type: element.type, specs: cleanSpecs(element.type, element.specs ?? {}) };
    }
    onOk(full);
  };

  const required = (field: keyof Specs, at: Place = place, of: ParamType | '' | undefined = type) => (requiredSpecs(of ?? '', at).includes(field) ? [{ required: true, message: t('required') }] : []);

  return (
    <Modal
      open={open}
      width={WIDTH}
      title={readOnly ? t('viewParam') : value ? t('editParam') : t('addParam')}
      onCancel={onCancel}
      onOk={ok}
      okButtonProps={{ hidden: readOnly, 'data-testid': 'param-ok' } as ButtonProps}
      destroyOnHidden
      forceRender
    >
      <Form form={form} disabled={readOnly} labelCol={LABEL} labelAlign="left" data-testid="param-editor">
        <Form.Item name={['dataType', 'type']} label={t('type')} rules={[{ required: true, message: t('required') }]} validateTrigger="onChange">
          <Select data-testid="param-type" options={typesAt(place).map((v) => ({ value: v, label: t(`type_${v}`) }))} onChange={onTypeChange} />
        </Form.Item>
        {type ? (
          <>
            <Form.Item
              name="identifier"
              label={t('identifier')}
              validateTrigger="onBlur"
              rules={[
                { required: true, message: t('required') },
                { pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/, message: t('identifierRule') },
              ]}
            >
              <Input data-testid="param-identifier" />
            </Form.Item>
            <Form.Item name="name" label={t('name')} validateTrigger="onBlur" rules={[{ required: true, message: t('required') }, { max: 80 }]}>
              <Input data-testid="param-name" />
            </Form.Item>
            <SpecFields base={['dataType', 'specs']} type={type} units={units} required={required} readOnly={readOnly} />
            {type === 'array' ? (
              <>
                <Form.Item name={['dataType', 'specs', 'arrDataType', 'type']} label={t('elementType')}>
                  <Select data-testid="element-type" options={typesAt('element').map((v) => ({ value: v, label: t(`type_${v}`) }))} />
                </Form.Item>
                <Form.Item name={['dataType', 'specs', 'size']} label={t('size')}>
                  <InputNumber min={1} max={512} />
                </Form.Item>
                {elementType ? (
                  <SpecFields base={['dataType', 'specs', 'arrDataType', 'specs']} type={elementType} units={units} required={(field) => required(field, 'element', elementType)} readOnly={readOnly} />
                ) : null}
              </>
            ) : null}
          </>
        ) : null}
      </Form>
    </Modal>
  );
}

type Rules = { required: boolean; message: string }[];

/** The fields of a type's specs under `base`. */
function SpecFields({ base, type, units, required, readOnly }: { base: string[]; type: ParamType; units: Unit[]; required: (field: keyof Specs) => Rules; readOnly: boolean }) {
  const { t } = useNamespace('product', resources);
  const form = Form.useFormInstance();
  const unitField = (
    <Form.Item name={[...base, 'unit']} label={t('unit')} rules={required('unit')}>
      <Select
        data-testid="param-unit"
        showSearch
        allowClear
        options={units.map((u) => ({ value: u.symbol, label: `${u.symbol} (${u.name})` }))}
        onChange={(symbol?: string) => form.setFieldValue(base, withUnit(form.getFieldValue(base) ?? {}, symbol, units))}
      />
    </Form.Item>
  );
  const range = (
    <Space>
      <Form.Item name={[...base, 'min']} label={t('min')}>
        <InputNumber />
      </Form.Item>
      <Form.Item name={[...base, 'max']} label={t('max')}>
        <InputNumber />
      </Form.Item>
      <Form.Item name={[...base, 'step']} label={t('step')}>
        <InputNumber min={0} />
      </Form.Item>
    </Space>
  );
  switch (type) {
    case 'string':
      return (
        <Form.Item name={[...base, 'length']} label={t('length')} rules={required('length')}>
          <InputNumber data-testid="param-length" min={1} max={10240} />
        </Form.Item>
      );
    case 'int':
      return (
        <>
          {unitField}
          {range}
        </>
      );
    case 'float':
    case 'double':
      return (
        <>
          <Form.Item name={[...base, 'accuracy']} label={t('accuracy')} rules={required('accuracy')}>
            <InputNumber data-testid="param-accuracy" min={0} max={10} />
          </Form.Item>
          {unitField}
          {range}
        </>
      );
    case 'bool':
      return (
        <Space>
          <Form.Item name={[...base, 'falseValue']} label={t('falseValue')}>
            <InputNumber disabled />
          </Form.Item>
          <Form.Item name={[...base, 'trueValue']} label={t('trueValue')}>
            <InputNumber disabled />
          </Form.Item>
        </Space>
      );
    case 'enum':
      return (
        <Form.Item name={[...base, 'enumParam']} label={t('enumItems')} rules={required('enumParam')}>
          <EnumRows readOnly={readOnly} />
        </Form.Item>
      );
    case 'struct':
      return (
        <Form.Item name={[...base, 'struct']} label={t('members')} rules={required('struct')}>
          <MemberList units={units} readOnly={readOnly} />
        </Form.Item>
      );
    default:
      return null;
  }
}

/** Enum rows: the add control on the last row only; the last row never disappears. */
function EnumRows({ value, onChange, readOnly }: { value?: EnumItem[]; onChange?: (rows: EnumItem[]) => void; readOnly: boolean }) {
  const { t } = useNamespace('product', resources);
  const rows = value && value.length > 0 ? value : [{ text: '', value: null }];
  const set = (at: number, row: Partial<EnumItem>) => onChange?.(rows.map((r, i) => (i === at ? { ...r, ...row } : r)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="enum-rows">
      {rows.map((row, i) => (
        <Space key={i}>
          <InputNumber placeholder={t('enumValue')} value={row.value} onChange={(v) => set(i, { value: v ?? null })} data-testid={`enum-value-${i}`} />
          <Input placeholder={t('enumText')} value={row.text} onChange={(e) => set(i, { text: e.target.value })} data-testid={`enum-text-${i}`} />
          {readOnly ? null : (
            <>
              <Button onClick={() => onChange?.(removeEnumRow(rows, i))} data-testid={`enum-remove-${i}`}>
                {t('remove')}
              </Button>
              {showsEnumAdd(rows, i) ? (
                <Button onClick={() => onChange?.([...rows, { text: '', value: null }])} data-testid="enum-add">
                  {t('add')}
                </Button>
              ) : null}
            </>
          )}
        </Space>
      ))}
    </Space>
  );
}

/** A struct's members: added, edited in place and deleted through a nested editor. */
export function MemberList({ value, onChange, units, readOnly, place = 'member' }: { value?: Param[]; onChange?: (members: Param[]) => void; units: Unit[]; readOnly: boolean; place?: Place }) {
  const { t } = useNamespace('product', resources);
  const members = value ?? [];
  const [editing, setEditing] = useState<{ at?: number } | null>(null);
  return (
    <>
      <Table<Param>
        size="small"
        rowKey={(m) => m.identifier}
        dataSource={members}
        pagination={false}
        columns={[
          { title: t('identifier'), dataIndex: 'identifier' },
          { title: t('name'), dataIndex: 'name' },
          { title: t('type'), render: (_, m) => describeType(m.dataType) },
          {
            title: t('actions'),
            render: (_, _m, i) =>
              readOnly ? (
                <Button type="link" onClick={() => setEditing({ at: i })}>
                  {t('view')}
                </Button>
              ) : (
                <Space>
                  <Button type="link" onClick={() => setEditing({ at: i })}>
                    {t('edit')}
                  </Button>
                  <Button type="link" danger onClick={() => onChange?.(deleteMember(members, i))}>
                    {t('delete')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {readOnly ? null : (
        <Button onClick={() => setEditing({})} data-testid="member-add">
          {t('addMember')}
        </Button>
      )}
      <ParamEditor
        open={editing !== null}
        value={editing?.at !== undefined ? members[editing.at] : undefined}
        place={place}
        units={units}
        readOnly={readOnly}
        onCancel={() => setEditing(null)}
        onOk={(member) => {
          onChange?.(saveMember(members, member, editing?.at));
          setEditing(null);
        }}
      />
    </>
  );
}
