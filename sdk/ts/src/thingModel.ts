// The thing model of a product template as the server keeps it
// (sdk/rust/src/thing_model.rs): the product remote edits it, the device remote reads devices'
// values and builds control forms from it.

export type ParamType = 'struct' | 'string' | 'double' | 'float' | 'int' | 'bool' | 'enum' | 'array';

export interface EnumItem {
  text: string;
  value: number | null;
}

export interface Specs {
  length?: number;
  accuracy?: number;
  unit?: string;
  unitName?: string;
  min?: number;
  max?: number;
  step?: number;
  falseValue?: number;
  trueValue?: number;
  enumParam?: EnumItem[];
  struct?: Param[];
  arrDataType?: DataType;
  size?: number;
}

export interface DataType {
  type: ParamType | '';
  specs: Specs;
}

export interface Param {
  identifier: string;
  name: string;
  dataType: DataType;
}

export interface Property extends Param {
  accessMode: 'r' | 'rw';
  required: boolean;
  consumable: boolean;
}

export interface ThingEvent {
  identifier: string;
  name: string;
  eventType: 'info' | 'alert' | 'fault';
  required: boolean;
  outputData: Param[];
}

export interface Service {
  identifier: string;
  name: string;
  required: boolean;
  callType: 'async' | 'sync';
  inputData: Param[];
  outputData: Param[];
}

export interface ThingModel {
  properties: Property[];
  events: ThingEvent[];
  services: Service[];
}
