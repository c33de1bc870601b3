// The list-page building blocks every remote uses (antd).
export { ListPage, ModalForm, DetailDrawer, RowActions, useDeleteByName, useConfirm, useFailure, type Failure, useRiskConfirm, RISK_ABOVE, showFieldError } from './components';
export type { ListHandle, ListPageProps, ModalFormProps, RowActionsProps } from './components';
export { SearchModeField, TimeRangeSelect, LinesField, TIME_RANGES, lineCount } from './fields';
export type { TimeRange } from './fields';
export { UploadField, downloadBase64, ExcelTemplateLink, useExportTask, type ExportedFile } from './files';
export { ResourcePage, DateRangeField, queryParams } from './resource';
export type { ResourcePageProps, ResourceRow } from './resource';
