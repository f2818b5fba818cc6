-- Real-editor test of editors/nvim, run by tests/editors/test_neovim.py as
--   nvim --headless --clean -c 'luafile tests/editors/nvim_test.lua'
-- Environment: EXPORTLENS_ROOT (the repository), EXPORTLENS_CMD (the server
-- command as a JSON array), EXPORTLENS_WORK (a scratch folder for copies of
-- the corpus models), EXPORTLENS_TIMEOUT_MS (per wait).
-- Prints "ok: ..." per check and "PASS"/"FAIL: ..." at the end; exits 0
-- only when every check passed.

local root = os.getenv("EXPORTLENS_ROOT") or "."
local work = os.getenv("EXPORTLENS_WORK") or vim.fn.tempname()
local cmd_json = os.getenv("EXPORTLENS_CMD") or "null"
local timeout = tonumber(os.getenv("EXPORTLENS_TIMEOUT_MS") or "30000")
local corpus = root .. "/../shared/corpus/tutorial/"
local cmd

local function out(line)
  io.stdout:write(line .. "\n")
  io.stdout:flush()
end

local messages = {}
vim.notify = function(msg, level)
  table.insert(messages, msg)
  out(("notify[%s]: %s"):format(tostring(level), msg))
end

local function fail(msg)
  error({ failed = msg })
end

local function wait_for(what, cond)
  local value
  local ok = vim.wait(timeout, function()
    value = cond()
    return value ~= nil and value ~= false
  end, 50)
  if not ok then
    fail("timed out after " .. timeout .. " ms waiting for " .. what)
  end
  return value
end

local function copy(name)
  local lines = vim.fn.readfile(corpus .. name)
  if #lines == 0 then
    fail("corpus file missing or empty: " .. corpus .. name)
  end
  local dest = work .. "/" .. name
  vim.fn.writefile(lines, dest)
  return dest
end

local function buffer_text(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
end

local function errors_on(buf, lnum)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR })) do
    if lnum == nil or d.lnum == lnum then
      table.insert(found, d)
    end
  end
  return found
end

local function diag_code(d)
  return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
end

local function run()
  vim.fn.mkdir(work, "p")
  cmd = vim.fn.json_decode(cmd_json)
  if type(cmd) ~= "table" then
    fail("EXPORTLENS_CMD must be a JSON array, got " .. cmd_json)
  end
  out("nvim " .. tostring(vim.version().major) .. "." .. tostring(vim.version().minor) .. "." .. tostring(vim.version().patch))
  vim.opt.runtimepath:prepend(root .. "/editors/nvim")
  local exportlens = require("exportlens")
  exportlens.setup({ cmd = cmd, settings = { exportlens = { mode = "both" } } })
  for _, name in ipairs({ "ExportlensShowProgram", "ExportlensQuickRun", "ExportlensRestart" }) do
    if vim.fn.exists(":" .. name) ~= 2 then
      fail("user command :" .. name .. " is missing")
    end
  end
  out("ok: setup defined the user commands")

  -- 1. The graph break: an error on line 6 (0-based 5).
  local brk = copy("break_data_dependent_if.py")
  vim.cmd("edit " .. vim.fn.fnameescape(brk))
  local bbuf = vim.api.nvim_get_current_buf()
  if vim.bo[bbuf].filetype ~= "python" then
    fail("filetype is " .. vim.bo[bbuf].filetype)
  end
  local client = wait_for("the exportlens client to attach", function()
    return exportlens.get_clients({ bufnr = bbuf })[1]
  end)
  out("ok: client " .. client.id .. " attached to " .. vim.fn.fnamemodify(brk, ":t"))
  local errs = wait_for("an error diagnostic on line 6", function()
    local e = errors_on(bbuf, 5)
    return #e > 0 and e or nil
  end)
  out("ok: error on line 6: " .. errs[1].message:gsub("\n.*", ""))
  for _, d in ipairs(errors_on(bbuf, 5)) do
    out(("   error [%s] %s"):format(tostring(diag_code(d)), (d.message:gsub("\n.*", ""))))
  end

  -- 2. The exported program of a model that exports.
  local conv = copy("conv_relu_maxpool.py")
  vim.cmd("edit " .. vim.fn.fnameescape(conv))
  local cbuf = vim.api.nvim_get_current_buf()
  wait_for("the client to attach to conv_relu_maxpool.py", function()
    return exportlens.get_clients({ bufnr = cbuf })[1]
  end)
  vim.cmd("ExportlensShowProgram")
  local pbuf = wait_for("a program buffer holding `class GraphModule`", function()
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_get_name(b):find("exportlens://program/", 1, true)
        and buffer_text(b):find("class GraphModule", 1, true) then
        return b
      end
    end
  end)
  if vim.bo[pbuf].filetype ~= "python" then
    fail("program buffer filetype is " .. vim.bo[pbuf].filetype)
  end
  if vim.bo[pbuf].modifiable then
    fail("program buffer is modifiable")
  end
  out("ok: :ExportlensShowProgram opened " .. vim.api.nvim_buf_get_name(pbuf) .. " (filetype python, "
    .. vim.api.nvim_buf_line_count(pbuf) .. " lines, class GraphModule)")
  if exportlens.get_clients({ bufnr = pbuf })[1] then
    fail("the server attached to the program buffer")
  end

  -- Inlay hints: native (0.10+) or end-of-line virtual text.
  vim.cmd("wincmd p")
  if vim.api.nvim_get_current_buf() ~= cbuf then
    vim.api.nvim_set_current_buf(cbuf)
  end
  local hint = wait_for("inlay hints in conv_relu_maxpool.py", function()
    if vim.lsp.inlay_hint and vim.lsp.inlay_hint.get then
      local hs = vim.lsp.inlay_hint.get({ bufnr = cbuf })
      if #hs > 0 then
        local l = hs[1].inlay_hint.label
        return type(l) == "string" and l or l[1].value
      end
      return nil
    end
    local marks = vim.api.nvim_buf_get_extmarks(cbuf, exportlens.hint_ns, 0, -1, { details = true })
    if #marks > 0 then
      return marks[1][4].virt_text[1][1]
    end
  end)
  out("ok: inlay hint shown: " .. hint)

  -- 3. A constraint violation, fixed by its code action.
  local cv = copy("constraint_violation_fixes.py")
  vim.cmd("edit " .. vim.fn.fnameescape(cv))
  local vbuf = vim.api.nvim_get_current_buf()
  local viol = wait_for("a constraint-violation diagnostic", function()
    for _, d in ipairs(errors_on(vbuf)) do
      if diag_code(d) == "constraint-violation" then
        return d
      end
    end
  end)
  out("ok: constraint violation on line " .. (viol.lnum + 1))
  vim.api.nvim_win_set_cursor(0, { viol.lnum + 1, viol.col })
  local chosen
  vim.ui.select = function(items, _, on_choice)
    for i, item in ipairs(items) do
      local action = item.action or item[2]
      if action and action.isPreferred then
        chosen = action.title
        return on_choice(item, i)
      end
    end
    out("no preferred action among " .. #items)
    on_choice(nil, nil)
  end
  vim.lsp.buf.code_action()
  wait_for("the quick fix to edit the buffer", function()
    return buffer_text(vbuf):find("d1 = 4", 1, true) ~= nil or nil
  end)
  out("ok: applied code action: " .. tostring(chosen))
  wait_for("the constraint violation to disappear", function()
    local tick = vim.api.nvim_buf_get_changedtick(vbuf)
    for _, d in ipairs(vim.diagnostic.get(vbuf)) do
      if diag_code(d) == "constraint-violation" or d.severity == vim.diagnostic.severity.ERROR then
        return nil
      end
    end
    return tick
  end)
  out("ok: no error left after the fix")

  -- 4. Quick Run shows the output of the model that exports; Restart
  -- brings a new server.
  messages = {}
  exportlens.quick_run({ bufnr = cbuf })
  local ran = wait_for("a Quick Run message", function()
    return messages[1]
  end)
  if not ran:find("output 0: f32[1, 16, 85, 85]", 1, true) then
    fail("Quick Run of conv_relu_maxpool.py did not show its output: " .. ran)
  end
  out("ok: Quick Run answered: " .. (ran:gsub("\n.*", "")))
  local old_id = exportlens.get_clients({ bufnr = bbuf })[1].id
  vim.cmd("ExportlensRestart")
  local new_client = wait_for("a new client after :ExportlensRestart", function()
    local c = exportlens.get_clients({ bufnr = bbuf })[1]
    return c and c.id ~= old_id and c or nil
  end)
  vim.api.nvim_set_current_buf(bbuf)
  wait_for("the error on line 6 from the restarted server", function()
    for _, d in ipairs(vim.diagnostic.get(bbuf, { severity = vim.diagnostic.severity.ERROR })) do
      local ns_push = vim.lsp.diagnostic.get_namespace(new_client.id)
      local ns_pull = vim.lsp.diagnostic.get_namespace(new_client.id, true)
      local ns_name = (vim.diagnostic.get_namespaces()[d.namespace] or {}).name or ""
      -- Neovim 0.11 names pull namespaces vim.lsp.<name>.<id>.<identifier>.
      local by_name = ns_name:find("exportlens." .. new_client.id .. ".", 1, true) ~= nil
      if d.lnum == 5 and (d.namespace == ns_push or d.namespace == ns_pull or by_name) then
        return true
      end
    end
  end)
  out("ok: :ExportlensRestart started client " .. new_client.id .. " and diagnostics came back")
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
