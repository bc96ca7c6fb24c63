export { createForgetService, type ForgetService, type ForgetServiceDeps } from './forget-service'
