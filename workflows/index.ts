// Every workflow the worker registers. Deterministic code only: see the lint rules for workflows/.
export { pingWorkflow } from './ping-workflow';
