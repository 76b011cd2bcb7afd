// `npm run dev`: the API server on API_PORT (3001) and Vite's dev server on PORT (3000) in front of it.
import 'dotenv/config';
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const api = spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort },
});
const vite = spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } });
const stop = () => {
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', stop);
vite.on('exit', stop);
