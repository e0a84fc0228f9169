// Every workflow the worker registers. Deterministic code only: see the lint rules for workflows/.
export { pingWorkflow } from './ping-workflow';
export { rushAnalysisWorkflow } from './rush-analysis-workflow';
export { briefWorkflow } from './brief-workflow';
export { projectWorkflow } from './project-workflow';
export { versionPreviewWorkflow } from './version-preview-workflow';
export { rushContactSheetWorkflow } from './rush-contact-sheet-workflow';
export { inviteEditorWorkflow, changeRoleWorkflow } from './admin-users-workflow';
export { systemTestWorkflow } from './system-test-workflow';
export { editorApplicationWorkflow } from './editor-application-workflow';
export { contactMessageWorkflow, callBookingWorkflow, callBookingConfirmationWorkflow } from './contact-workflow';
export { emailTestWorkflow } from './email-test-workflow';
export { uploadSweepWorkflow } from './upload-sweep-workflow';
export { paymentRefundWorkflow } from './payment-refund-workflow';
export { launchOfferHoldWorkflow } from './launch-offer-hold-workflow';
export { recordRetentionWorkflow } from './record-retention-workflow';
export { accountPrivacyWorkflow } from './account-privacy-workflow';
export { billingDocumentWorkflow } from './billing-document-workflow';
