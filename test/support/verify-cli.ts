// api-contract-verify's command line called in-process through main(): its exit code and what it
// wrote on stdout and stderr (never a terminal, so no progress line).
import { main } from '../../src/verify/cli.js';

export async function runVerify(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    env,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    isTTY: false,
  });
  return { code, stdout, stderr };
}
