// The list-page building blocks every remote uses (antd).
export { ListPage, ModalForm, DetailDrawer, RowActions, useDeleteByName, useConfirm, showFieldError } from './components';
export type { ListHandle, ListPageProps, ModalFormProps, RowActionsProps } from './components';
