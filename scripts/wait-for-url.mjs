// node scripts/wait-for-url.mjs <url> [timeoutSeconds]: waits until the URL answers, for chaining servers in tests.
const [url, seconds = '900'] = process.argv.slice(2);
const deadline = Date.now() + Number(seconds) * 1000;
while (Date.now() < deadline) {
  try {
    const response = await fetch(url, { redirect: 'manual' });
    if (response.status < 500) process.exit(0);
  } catch {
    // Not up yet.
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
console.error(`Timed out waiting for ${url}`);
process.exit(1);
