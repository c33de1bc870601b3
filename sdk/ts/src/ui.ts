// The list-page building blocks every remote uses (antd).
export { ListPage, ModalForm, DetailDrawer, useDeleteByName, useConfirm, showFieldError } from './components';
export type { ListHandle, ListPageProps, ModalFormProps } from './components';
