export { EditorSpace as Component } from '@/features/editor/components/editor-space';
