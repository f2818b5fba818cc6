-- Real-editor test of editors/nvim/lsp/exportlens.lua, the Neovim 0.11+
-- configuration, run by tests/editors/test_neovim.py as
--   nvim --headless --clean -c 'luafile tests/editors/nvim_enable_test.lua'
-- No setup(): editors/nvim on 'runtimepath' and vim.lsp.enable("exportlens")
-- only. EXPORTLENS_CMD (a JSON array) replaces the command through
-- vim.lsp.config, as a user would. Opens examples/graph_break.py in place
-- and waits for the client and its error on line 17.
-- Prints "ok: ..." per check and "PASS"/"FAIL: ..." at the end.

local root = os.getenv("EXPORTLENS_ROOT") or "."
local timeout = tonumber(os.getenv("EXPORTLENS_TIMEOUT_MS") or "30000")

local function out(line)
  io.stdout:write(line .. "\n")
  io.stdout:flush()
end

local function fail(msg)
  error({ failed = msg })
end

local function wait_for(what, cond)
  local value
  if not vim.wait(timeout, function()
    value = cond()
    return value ~= nil and value ~= false
  end, 50) then
    fail("timed out after " .. timeout .. " ms waiting for " .. what)
  end
  return value
end

local function run()
  out("nvim " .. tostring(vim.version()))
  vim.opt.runtimepath:prepend(root .. "/editors/nvim")
  local cfg = vim.lsp.config.exportlens
  if not cfg then
    fail("vim.lsp.config.exportlens is nil: lsp/exportlens.lua was not found on 'runtimepath'")
  end
  if not vim.deep_equal(cfg.filetypes, { "python" }) or cfg.cmd[#cfg.cmd] ~= "lsp" then
    fail("unexpected configuration: " .. vim.inspect({ cmd = cfg.cmd, filetypes = cfg.filetypes }))
  end
  if not vim.tbl_contains(cfg.root_markers or {}, "pyproject.toml") then
    fail("root_markers lack pyproject.toml: " .. vim.inspect(cfg.root_markers))
  end
  out("ok: lsp/exportlens.lua: cmd " .. table.concat(cfg.cmd, " ") .. ", filetypes python")

  vim.lsp.config("exportlens", { cmd = vim.fn.json_decode(os.getenv("EXPORTLENS_CMD")) })
  vim.lsp.enable("exportlens")
  local file = root .. "/examples/graph_break.py"
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local client = wait_for("the exportlens client to attach", function()
    return vim.lsp.get_clients({ bufnr = buf, name = "exportlens" })[1]
  end)
  out("ok: client " .. client.id .. " attached, root " .. tostring(client.root_dir))
  local d = wait_for("an error diagnostic on line 17", function()
    for _, d in ipairs(vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR })) do
      if d.lnum == 16 then
        return d
      end
    end
  end)
  out(("ok: error on line 17 [%s]: %s"):format(tostring(d.code), (d.message:gsub("\n.*", ""))))
end

local ok, err = xpcall(run, function(e)
  if type(e) == "table" and e.failed then
    return e.failed
  end
  return debug.traceback(tostring(e), 2)
end)
if ok then
  out("PASS")
  vim.cmd("qall!")
else
  out("FAIL: " .. tostring(err))
  vim.cmd("cquit 1")
end
