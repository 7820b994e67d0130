import IDScenario

extension HTMLAssets {
    /// A long story's script (HTMLWindow): reads the page's data block and shows a window of
    /// steps, its sections and its chart, written exactly as HTMLPage.section, HTMLPage.item,
    /// HTMLLanes.chart and HTMLLanes.legend write them for a short story (ExportCommandTests
    /// compares the two in a browser). ← and → step, PageUp and PageDown move a window, Home and
    /// End go to the setup and the end, #step-N (a link, the address) opens at step N.
    static let windowScript: HTML = #"""
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("story-data").textContent);
          var S = data.strings, W = data.window, count = data.count, C = data.chart;
          var NL = "\n";
          var win = document.getElementById("window");
          var lanes = document.getElementById("lanes");
          var legend = document.getElementById("value-legend");
          var pager = document.getElementById("pager-range");
          var first = -1, current = -1;

          function item(it) {
            var out = '<li class="' + S[it[0]] + '"' + (it[1] >= 0 ? ' title="' + S[it[1]] + '"' : "") + ">";
            out += '<span class="mark">' + S[it[2]] + '</span> <span class="label">' + S[it[3]] + "</span> ";
            if (S[it[4]] !== "") { out += '<span class="place">' + S[it[4]] + "</span> "; }
            if (it[6] >= 0) {
              out += '<span class="values">';
              if (it[5] >= 0) { out += '<code class="from">' + S[it[5]] + "</code> → "; }
              out += '<code class="to">' + S[it[6]] + "</code></span>";
            }
            if (it[7] >= 0) { out += " " + S[it[7]]; }
            if (it[8] >= 0) { out += '<div class="detail">' + S[it[8]] + "</div>"; }
            return out + "</li>" + NL;
          }

          function section(n) {
            var step = data.steps[n - 1], title = S[step[0]], device = S[step[1]];
            var out = '<section class="step" id="step-' + n + '" data-title="Step ' + n + ": " + title + " on " + device + '">' + NL;
            out += '<h2><span class="n">' + n + "</span> " + title + ' <span class="on">on ' + device + "</span>" + S[step[2]] + "</h2>" + NL;
            if (step[3] >= 0) { out += '<p class="narration">' + S[step[3]] + "</p>" + NL; }
            if (step[4] >= 0) { out += '<details class="notes"><summary>Speaker\'s note</summary><p>' + S[step[4]] + "</p></details>" + NL; }
            if (step[5].length === 0) {
              out += '<p class="quiet">Nothing changed.</p>' + NL;
            } else {
              out += '<ul class="story">' + NL + step[5].map(item).join("") + "</ul>" + NL;
            }
            return out + "</section>" + NL;
          }

          // The chart of steps a…b, as HTMLLanes.chart draws a whole story's.
          function chart(a, b) {
            var columns = b - a + 1, rows = C.rows, used = {};
            var sw = Math.max(4, Math.min(28, Math.floor(900 / columns)));
            var width = C.left + sw * columns + 8, height = C.top + C.rowHeight * Math.max(1, rows.length) + 6;
            lanes.setAttribute("viewBox", "0 0 " + width + " " + height);
            lanes.setAttribute("width", String(width));
            lanes.setAttribute("height", String(height));
            lanes.setAttribute("data-step", String(sw));
            lanes.setAttribute("data-first", String(a));
            var out = "", every = Math.max(1, Math.ceil(30 / sw));
            for (var n = a; n <= b; n += every) {
              out += '<text class="axis" x="' + (C.left + (n - a) * sw + Math.floor(sw / 2)) + '" y="14" text-anchor="middle">' + n + "</text>" + NL;
            }
            out += '<rect id="lane-cursor" class="cursor" x="' + C.left + '" y="' + (C.top - 4) + '" width="' + sw + '" height="'
              + (C.rowHeight * Math.max(1, rows.length) + 6) + '"/>' + NL;
            rows.forEach(function (row, index) {
              var y = C.top + index * C.rowHeight;
              out += '<text class="label" x="4" y="' + (y + 14) + '">' + S[row.label] + "</text>" + NL;
              for (var r = 0; r < row.runs.length; r += 3) {
                var start = row.runs[r], end = row.runs[r + 1];
                if (end < a || start > b) { continue; }
                var mark = C.marks[row.runs[r + 2]], letter = S[mark[0]];
                used[row.runs[r + 2]] = true;
                var from = Math.max(start, a), to = Math.min(end, b);
                var x = C.left + (from - a) * sw, w = (to - from + 1) * sw - 1;
                out += '<g class="bar" data-value="' + S[mark[3]] + '" data-mark="' + letter + '"><title>' + S[row.title] + ", steps "
                  + start + "–" + end + ": " + letter + " = " + S[mark[3]] + "</title>"
                  + '<rect x="' + x + '" y="' + (y + 2) + '" width="' + w + '" height="' + (C.rowHeight - 4) + '" fill="' + S[mark[1]] + '"/>';
                if (w >= 4 + 8 * letter.length) {
                  out += '<text class="letter" x="' + (x + Math.floor(w / 2)) + '" y="' + (y + 14) + '" text-anchor="middle" fill="'
                    + S[mark[2]] + '">' + letter + "</text>";
                }
                out += "</g>" + NL;
              }
            });
            C.flags.forEach(function (flag) {
              if (flag[0] < a || flag[0] > b) { return; }
              out += '<g class="dupmark"><title>' + S[flag[2]] + '</title><text x="' + (C.left + (flag[0] - a) * sw + Math.floor(sw / 2)) + '" '
                + 'y="' + (C.top + flag[1] * C.rowHeight + 15) + '" text-anchor="middle">⚠</text></g>' + NL;
            });
            lanes.innerHTML = out;
            var items = "";
            Object.keys(used).map(Number).sort(function (x, y) { return x - y; }).forEach(function (m) {
              var mark = C.marks[m];
              items += '<li data-mark="' + S[mark[0]] + '" data-value="' + S[mark[3]] + '">'
                + '<span class="swatch" style="background:' + S[mark[1]] + ";color:" + S[mark[2]] + '">' + S[mark[0]] + "</span> "
                + '<code title="' + S[mark[3]] + '">' + S[mark[4]] + "</code> "
                + '<span class="first">first at step ' + mark[5] + ", " + S[mark[6]] + "</span></li>" + NL;
            });
            legend.innerHTML = items;
          }

          // Steps a…a+W-1 in the page and the chart.
          function render(a) {
            var b = Math.min(count, a + W - 1), html = "";
            for (var n = a; n <= b; n++) { html += section(n); }
            win.innerHTML = html;
            first = a;
            chart(a, b);
            pager.textContent = "steps " + a + "–" + b + " of " + count;
          }

          // A position: 0 the setup, 1…count the steps, count + 1 the end.
          function element(pos) {
            return pos === 0 ? document.getElementById("step-0") : pos > count ? document.getElementById("end") : document.getElementById("step-" + pos);
          }

          function show(pos, scroll) {
            pos = Math.max(0, Math.min(count + 1, pos));
            if (pos >= 1 && pos <= count && (pos < first || pos > first + W - 1)) { render(Math.floor((pos - 1) / W) * W + 1); }
            var old = current >= 0 ? element(current) : null;
            if (old) { old.classList.remove("current"); }
            current = pos;
            var el = element(pos);
            el.classList.add("current");
            var cursor = document.getElementById("lane-cursor");
            if (cursor) {
              var inWindow = pos >= first && pos <= Math.min(count, first + W - 1);
              cursor.style.display = inWindow ? "" : "none";
              if (inWindow) { cursor.setAttribute("x", String(C.left + (pos - first) * parseInt(lanes.getAttribute("data-step"), 10))); }
            }
            if (scroll) {
              el.scrollIntoView({ block: "start" });
              try { history.replaceState(null, "", "#" + el.id); } catch (ignored) { }
            }
          }

          function position(hash) {
            if (hash === "#end") { return count + 1; }
            var match = /^#step-(\d+)$/.exec(hash);
            return match ? parseInt(match[1], 10) : null;
          }

          document.addEventListener("keydown", function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey || (event.target && event.target.tagName === "INPUT")) { return; }
            var next = null;
            switch (event.key) {
              case "ArrowRight": case "l": next = current + 1; break;
              case "ArrowLeft": case "h": next = current - 1; break;
              case "PageDown": next = current + W; break;
              case "PageUp": next = current - W; break;
              case "Home": next = 0; break;
              case "End": next = count + 1; break;
            }
            if (next !== null) { event.preventDefault(); show(next, true); }
          });
          document.addEventListener("click", function (event) {
            var el = event.target.closest ? event.target.closest("section.step") : null;
            if (!el) { return; }
            var pos = el.id === "end" ? count + 1 : parseInt(el.id.replace("step-", ""), 10);
            if (!isNaN(pos)) { show(pos, false); }
          });
          window.addEventListener("hashchange", function () {
            var pos = position(location.hash);
            if (pos !== null) { show(pos, true); }
          });
          document.getElementById("pager-previous").addEventListener("click", function () { show(Math.max(1, first - W), true); });
          document.getElementById("pager-next").addEventListener("click", function () { show(Math.min(count, first + W), true); });
          var go = document.getElementById("pager-go");
          go.addEventListener("keydown", function (event) {
            if (event.key !== "Enter") { return; }
            var n = parseInt(go.value, 10);
            if (!isNaN(n)) { show(n, true); }
          });
          var start = position(location.hash);
          render(start !== null && start >= 1 && start <= count ? Math.floor((start - 1) / W) * W + 1 : 1);
          show(start === null ? 0 : start, start !== null && start > 0);
        })();

        """#
}
