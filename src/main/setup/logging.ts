import type { App } from 'electron'
import { ensurePrivateDir } from '../services/fs/durable'
import { createLogger, type RedactingLogger } from '../services/log/logger'
import { createRotatingLogFile } from '../services/log/rotating-file'

/** The rotating main.log in the logs folder; development builds also echo to the console. */
export async function setupLogging(
  app: Pick<App, 'isPackaged'>,
  logsDir: string
): Promise<RedactingLogger> {
  await ensurePrivateDir(logsDir)
  const logFile = createRotatingLogFile(logsDir)
  return createLogger({
    transport: logFile.write,
    ...(app.isPackaged ? {} : { sink: (line: string) => console.log(line) })
  })
}
