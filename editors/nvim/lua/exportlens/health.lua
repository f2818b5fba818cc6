-- :checkhealth exportlens: the binary the client would start, its version,
-- whether it answers an LSP initialize, and the Python environment it
-- finds. Works on Neovim 0.7 and later (jobstart, no vim.system).

local M = {}

local health = vim.health or require("health")
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local err = health.error or health.report_error
local info = health.info or health.report_info

local TIMEOUT_MS = 10000
local uv = vim.uv or vim.loop

-- The command the client starts: vim.lsp.config's (lsp/exportlens.lua,
-- merged with the user's overrides and setup()) on Neovim 0.11+, else the
-- plugin's lookup. Returns the command and where it came from.
local function configured_cmd()
  local plugin = require("exportlens")
  local opts = plugin.options
  local enabled_style = type(vim.lsp.config) == "table" and not (opts and not opts.use_lsp_config)
  if enabled_style then
    local cfg = vim.lsp.config[plugin.name]
    if cfg and cfg.cmd then
      return cfg.cmd, "vim.lsp.config." .. plugin.name
    end
  end
  local cmd, why = plugin.server_cmd()
  return cmd, "require('exportlens')", why
end

-- Starts `cmd`. Returns the job table (fields id, stdout and stderr as
-- they grow, code once it exited) or nil and the reason.
local function spawn(cmd)
  local job = { stdout = "", stderr = "" }
  local started, id = pcall(vim.fn.jobstart, cmd, {
    -- A chunk is a list of lines split at "\n", its first item continuing
    -- the previous chunk's last: joining with "\n" restores the bytes.
    on_stdout = function(_, data)
      job.stdout = job.stdout .. table.concat(data, "\n")
    end,
    on_stderr = function(_, data)
      job.stderr = job.stderr .. table.concat(data, "\n")
    end,
    on_exit = function(_, code)
      job.code = code
    end,
  })
  if not started or id <= 0 then
    return nil, ("could not start %s: %s"):format(table.concat(cmd, " "), started and ("jobstart returned " .. id) or id)
  end
  job.id = id
  return job
end

local function wait_exit(job, timeout)
  local exited = vim.wait(timeout or TIMEOUT_MS, function()
    return job.code ~= nil
  end, 20)
  if not exited then
    pcall(vim.fn.jobstop, job.id)
  end
  return exited
end

-- Runs `cmd` to completion.
local function run(cmd)
  local job, why = spawn(cmd)
  if not job then
    return nil, why
  end
  vim.fn.chanclose(job.id, "stdin")
  if not wait_exit(job) then
    return nil, ("%s did not finish within %d ms"):format(table.concat(cmd, " "), TIMEOUT_MS)
  end
  return job
end

local function first_line(text)
  return (vim.trim(text or ""):gsub("\n.*", ""))
end

-- LSP messages from the server's stdout, decoded as they complete.
local function lsp_reader(job)
  local pos = 1
  return function()
    local header_end = job.stdout:find("\r\n\r\n", pos, true)
    if not header_end then
      return nil
    end
    local length = tonumber(job.stdout:sub(pos, header_end):match("Content%-Length: *(%d+)"))
    local body_start = header_end + 4
    if not length or #job.stdout < body_start + length - 1 then
      return nil
    end
    local body = job.stdout:sub(body_start, body_start + length - 1)
    pos = body_start + length
    return vim.fn.json_decode(body)
  end
end

local function send(job, message)
  local body = vim.fn.json_encode(message)
  vim.fn.chansend(job.id, "Content-Length: " .. #body .. "\r\n\r\n" .. body)
end

-- initialize, then shutdown and exit, as a client does. Returns a
-- description of the answer, or nil and what went wrong.
local function handshake(cmd, root)
  local job, why = spawn(cmd)
  if not job then
    return nil, why
  end
  local next_message = lsp_reader(job)
  local function response(id, what)
    local got
    local answered = vim.wait(TIMEOUT_MS, function()
      local msg = next_message()
      while msg do
        if msg.id == id and msg.method == nil then
          got = msg
          return true
        end
        msg = next_message()
      end
      return job.code ~= nil
    end, 20)
    if got then
      return got
    end
    pcall(vim.fn.jobstop, job.id)
    local stderr = first_line(job.stderr)
    local state = answered and ("exited with code " .. tostring(job.code) .. " before answering")
      or ("no answer within " .. TIMEOUT_MS .. " ms")
    return nil, ("%s: %s%s"):format(what, state, stderr ~= "" and (" (stderr: " .. stderr .. ")") or "")
  end

  local t0 = uv.hrtime()
  send(job, {
    jsonrpc = "2.0",
    id = 1,
    method = "initialize",
    params = {
      processId = vim.fn.getpid(),
      rootUri = vim.uri_from_fname(root),
      capabilities = vim.empty_dict(),
    },
  })
  local init, problem = response(1, "initialize")
  if not init then
    return nil, problem
  end
  if init.error then
    pcall(vim.fn.jobstop, job.id)
    return nil, "initialize failed: " .. (init.error.message or vim.inspect(init.error))
  end
  local ms = (uv.hrtime() - t0) / 1e6
  local server = init.result and init.result.serverInfo
  local name = type(server) == "table" and (server.name .. " " .. (server.version or "")) or "a server"
  send(job, { jsonrpc = "2.0", id = 2, method = "shutdown" })
  local down, problem2 = response(2, "shutdown")
  if not down then
    return nil, problem2
  end
  send(job, { jsonrpc = "2.0", method = "exit" })
  if not wait_exit(job) then
    return nil, "the server did not exit after shutdown and exit"
  end
  if job.code ~= 0 then
    return nil, ("the server exited with code %d after shutdown and exit"):format(job.code)
  end
  return ("%s answered initialize in %.0f ms, shut down and exited"):format(vim.trim(name), ms)
end

-- The folder whose environment matters: the last Python buffer's, else
-- the current directory.
local function python_folder()
  local best, lastused
  for _, b in ipairs(vim.fn.getbufinfo({ buflisted = 1 })) do
    if b.name ~= "" and vim.bo[b.bufnr].filetype == "python" and (not lastused or b.lastused > lastused) then
      best, lastused = b.name, b.lastused
    end
  end
  return best and vim.fn.fnamemodify(best, ":p:h") or vim.fn.getcwd()
end

function M.check()
  start("exportlens: binary")
  local cmd, source, why = configured_cmd()
  if type(cmd) == "function" then
    info(("the command (%s) is a function: not checked"):format(source))
    return
  end
  if type(cmd) ~= "table" or not cmd[1] then
    err("no exportlens binary: " .. tostring(why), {
      "pip install exportlens from a checkout (`pip install .`, `pipx install .` or `uv tool install .`) puts it on PATH",
      "or build it: `cargo build --release -p cli` (target/release/exportlens)",
      'or name it: vim.lsp.config("exportlens", { cmd = { "/path/to/exportlens", "lsp" } })',
    })
    return
  end
  local bin = vim.fn.exepath(cmd[1])
  if bin == "" then
    err(("binary not found: %s (the command of %s is `%s`)"):format(cmd[1], source, table.concat(cmd, " ")), {
      "pip install exportlens from a checkout (`pip install .`, `pipx install .` or `uv tool install .`) puts it on PATH",
      "or build it: `cargo build --release -p cli` (target/release/exportlens)",
      'or name it: vim.lsp.config("exportlens", { cmd = { "/path/to/exportlens", "lsp" } })',
    })
    return
  end
  ok(("binary: %s (from %s)"):format(bin, source))

  local version, verr = run({ bin, "--version" })
  if version and version.code == 0 and version.stdout:match("^exportlens ") then
    ok("version: " .. first_line(version.stdout))
  else
    local detail = verr
      or ("exit %d, stdout %q, stderr %q"):format(version.code, first_line(version.stdout), first_line(version.stderr))
    err(("`%s --version` is not exportlens's: %s"):format(bin, detail))
  end

  start("exportlens: language server")
  local full = vim.deepcopy(cmd)
  full[1] = bin
  local answer, herr = handshake(full, vim.fn.getcwd())
  if answer then
    ok(("server starts: `%s`: %s"):format(table.concat(full, " "), answer))
  else
    err("the server does not start: " .. herr)
  end

  start("exportlens: Python environment")
  local folder = python_folder()
  local env, eerr = run({ bin, "env", folder })
  if not env or env.code ~= 0 then
    err(("`%s env %s` failed: %s"):format(bin, folder, env and first_line(env.stderr) or eerr))
    return
  end
  local lines = vim.split(vim.trim(env.stdout), "\n", { plain = true })
  local described = lines[1] or ""
  if described:match("^environment from ") then
    ok(("environment (for %s): %s"):format(folder, described:gsub("^environment ", "")))
  else
    warn(("environment (for %s): %s"):format(folder, described), {
      "activate the project's virtual environment before starting Neovim (VIRTUAL_ENV),",
      'or set python = ".venv" under [tool.exportlens] in pyproject.toml',
    })
  end
  for i = 2, #lines do
    info(lines[i])
  end
end

return M
