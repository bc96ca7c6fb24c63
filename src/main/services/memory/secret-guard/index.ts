// The secret guard: finds credentials in text (the secretlint recommended preset, plus own-rules.ts
// and key-rules.ts for what it lacks), in the raw text and in its normalised forms (normalise.ts:
// invisible characters, full-width letters, quote marks, wrapped lines), refuses or redacts memory
// writes that carry one (guard.ts, called by every write command before it touches the disk), and
// scans the whole folder on demand (folder-scan.ts).
export { findSecrets, type Finding } from './find'
export { guardCaughtSecret, guardWrite, withoutSecrets } from './guard'
export type { WriteGuard } from '../kernel/context'
export {
  credentialedNames,
  credentialInName,
  guardName,
  guardOutsideName,
  redactPath,
  secretNameActivity,
  secretsInName
} from './name-guard'
export { describeFindings, redact } from './words'
export { scanFolder } from './folder-scan'
export { bytesHoldSecret, readingsOf } from './readings'
