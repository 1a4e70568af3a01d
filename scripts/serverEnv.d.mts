// Types of serverEnv.mjs (plain JavaScript: npm start runs it before anything is built).
export declare const SERVER_ENV: Readonly<Record<string, string>>;
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
