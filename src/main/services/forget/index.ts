export { createForgetService, type ForgetService, type ForgetServiceDeps } from './forget-service'
export { createForgetPerSpace } from './per-space'
