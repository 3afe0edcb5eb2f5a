import fs from 'node:fs';
import path from 'node:path';

const packageJson = path.resolve(import.meta.dirname, '..', '..', '..', 'package.json');
/** The product's version: the repository's package.json. */
export const PRODUCT_VERSION = (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version: string }).version;
