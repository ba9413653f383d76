// The next release of the app, for the update tests: the same source, but every hashed file under a new
// name (hex hashes instead of base64). So nothing of the running version survives in the new precache
// by the coincidence of equal content, as after a release that changed every chunk.
import { mergeConfig, type ConfigEnv, type UserConfig } from 'vite';
import config from '../../vite.config';

export default (env: ConfigEnv): UserConfig =>
	mergeConfig(config(env), { build: { rolldownOptions: { output: { hashCharacters: 'hex' } } } });
