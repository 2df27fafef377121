// Starts the server from its bundle (dist/bundle/main.cjs) with V8's code cache (decision 093).
//
// Compiling the bundle's code was a fifth of a restart. Node 20 has no compile cache of its own (Node 22's
// module.enableCompileCache), so the bundle's files are compiled here, as Node compiles a CommonJS file, with
// V8's cached compilation of an earlier start. Each file's cache is written beside it once the server has run
// for a while, or when it stops before that, so it holds the functions a start compiles; a new build removes
// it, and one V8 refuses (another Node, other V8 flags) is written anew. Where the folder is read-only nothing
// is saved and the server starts as it would without.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const bundleDir = path.join(__dirname, '../dist/bundle');
/** How long the server runs before its compiled code is saved: long enough to have started and served a request. */
const SAVE_CACHE_AFTER_MS = 5_000;

const toSave = [];
let saveScheduled = false;

function readCache(cacheFile) {
  try {
    return fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function saveCaches() {
  for (const { script, cacheFile } of toSave.splice(0)) {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(temporary, script.createCachedData());
      // Renamed into place whole: servers starting side by side never read a half-written cache.
      fs.renameSync(temporary, cacheFile);
    } catch {
      fs.rmSync(temporary, { force: true });
    }
  }
}

const compile = Module.prototype._compile;
Module.prototype._compile = function compileWithCache(content, filename) {
  if (path.dirname(filename) !== bundleDir) return compile.call(this, content, filename);
  const cacheFile = `${filename}.v8-cache`;
  const cachedData = readCache(cacheFile);
  const script = new vm.Script(Module.wrap(content), { filename, cachedData });
  if (!cachedData || script.cachedDataRejected) {
    toSave.push({ script, cacheFile });
    if (!saveScheduled) {
      setTimeout(saveCaches, SAVE_CACHE_AFTER_MS).unref();
      process.once('exit', saveCaches);
    }
    saveScheduled = true;
  }
  const require = Module.createRequire(filename);
  return script.runInThisContext().call(this.exports, this.exports, require, this, filename, path.dirname(filename));
};

require(path.join(bundleDir, 'main.cjs'));
