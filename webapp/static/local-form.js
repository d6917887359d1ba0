// Local mode's setup form: every game, each of its presets (with what it means and, on
// demand, how to play with it) and how many CPUs, then Start; every setting, the table's
// options and a level per CPU are folded under "More settings" (a phone sees Start at once).
"use strict";
(function () {
  const shell = window.Shell;
  if (!shell || document.body.dataset.local !== "1") return;
  const { say, element } = shell;
  const $ = (id) => document.getElementById(id);
  const form = { config: null, read: null, game: null };

  function labelled(text, control, className) {
    const label = element("label", className);
    label.append(element("span", "", text), control);
    return label;
  }

  function choices(id, items, value) {
    const select = element("select");
    select.id = id;
    items.forEach((item, index) => {
      const option = element("option", "", item.label);
      option.value = String(index);
      select.append(option);
    });
    pick(select, items, value);
    return select;
  }

  function pick(select, items, value) {
    const index = items.findIndex((item) => item.value === value);
    if (index >= 0) select.selectedIndex = index;
  }

  function build(config, last) {
    form.config = config;
    const fields = $("fields");
    fields.replaceChildren();
    const games = config.games.map((g) => ({ value: g.name, label: g.title }));
    const gameSelect = choices("game", games, last.game || config.game);
    fields.append(labelled(say("game"), gameSelect));
    const gameFields = element("div", "game-fields");
    fields.append(gameFields);
    const draw = () => {
      const game = config.games[gameSelect.selectedIndex];
      form.game = game;
      buildGameFields(gameFields, game, last.game === game.name ? last : {});
    };
    gameSelect.addEventListener("change", draw);
    draw();
  }

  function buildGameFields(box, game, last) {
    const config = form.config;
    box.replaceChildren(element("p", "summary", game.summary));
    const preset = choices("preset", game.presets, last.preset || game.default_preset);
    const described = element("p", "preset-description");
    const how = element("details", "rules");
    how.id = "setup-rules";
    const body = element("div", "rules-body");
    how.append(element("summary", "", say("how_to_play")), body);
    box.append(labelled(say("rules"), preset), described, how);
    const more = element("details", "more");
    more.id = "more-settings";
    more.append(element("summary", "", say("more_settings")));
    const details = element("div", "more-body");
    more.append(details);
    const loadRules = async () => {
      const chosen = game.presets[preset.selectedIndex].value;
      const query = "?game=" + encodeURIComponent(game.name) + "&preset=" + encodeURIComponent(chosen);
      try {
        // The form shows the summary and the preset's description already: not twice.
        const data = await shell.api("/local/rules" + query);
        shell.drawRules(body, Object.assign({}, data, { summary: "", description: "" }));
      } catch (error) {
        body.replaceChildren(element("p", "error", error.message));
      }
    };
    how.addEventListener("toggle", () => { if (how.open) loadRules(); });
    const settings = game.settings.map((setting) => {
      const select = choices("setting-" + setting.key, setting.choices);
      details.append(labelled(setting.label, select));
      return [setting, select];
    });
    const followPreset = (values) => {
      const chosen = game.presets[preset.selectedIndex];
      described.textContent = chosen.description || "";
      for (const [setting, select] of settings) {
        const value = values && setting.key in values ? values[setting.key] : chosen.settings[setting.key];
        pick(select, setting.choices, value);
      }
      if (how.open) loadRules();
    };
    followPreset(last.settings);
    preset.addEventListener("change", () => followPreset(null));
    const options = config.options.map((option) => {
      const value = last.options && option.key in last.options ? last.options[option.key] : config.option_defaults[option.key];
      const select = choices("option-" + option.key, option.choices, value);
      details.append(labelled(option.label, select));
      return [option, select];
    });
    const counts = Array.from({ length: game.max_cpus + 1 }, (_, n) => ({ value: n, label: String(n) }));
    const initial = Array.isArray(last.cpus) ? last.cpus.length : Math.min(config.defaults.cpus, game.max_cpus);
    const cpus = choices("cpus", counts, initial);
    box.append(labelled(say("cpus"), cpus), more);
    const levels = element("div", "cpu-levels");
    details.prepend(levels);
    const drawLevels = () => {
      const n = counts[cpus.selectedIndex].value;
      const kept = Array.from(levels.querySelectorAll("select")).map((s) => config.cpu_levels[s.selectedIndex].value);
      levels.replaceChildren(...Array.from({ length: n }, (_, i) => {
        const value = kept[i] || (last.cpus && last.cpus[i]) || config.defaults.cpu_level;
        return labelled(say("cpu_level") + " " + (i + 1), choices("cpu-level-" + i, config.cpu_levels, value));
      }));
    };
    const wait = element("input");
    wait.type = "checkbox";
    wait.id = "wait";
    wait.checked = !!last.wait;
    const sync = () => { drawLevels(); wait.disabled = cpus.selectedIndex === 0; };
    cpus.addEventListener("change", sync);
    sync();
    details.append(labelled(say("wait_friends"), wait, "check"));
    box.append(element("p", "tutorial-about", say("tutorial_about")));
    form.read = () => {
      const values = {
        game: game.name,
        preset: game.presets[preset.selectedIndex].value,
        settings: {},
        options: {},
        cpus: Array.from(levels.querySelectorAll("select")).map((s) => config.cpu_levels[s.selectedIndex].value),
        wait: wait.checked,
      };
      for (const [setting, select] of settings) values.settings[setting.key] = setting.choices[select.selectedIndex].value;
      for (const [option, select] of options) values.options[option.key] = option.choices[select.selectedIndex].value;
      return values;
    };
  }

  window.LocalForm = { build, read: () => form.read() };
})();
