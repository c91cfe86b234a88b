// The admin area's Analytics charts. A static file (the page's CSP allows scripts from this
// origin only, never inline): it reads the figures from <script type="application/json"
// id="analytics-data"> and draws them with Chart.js. The same figures are in the page's tables.
// Every word it draws (legends, period labels) comes in that data from the school's catalogue, and
// numbers follow the page's language (data.locale), so a German page draws no English.
'use strict';

(function () {
  var element = document.getElementById('analytics-data');
  if (!element || typeof window.Chart === 'undefined') return;
  var data = JSON.parse(element.textContent || '{}');
  var Chart = window.Chart;
  var reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  Chart.defaults.animation = reduceMotion ? false : Chart.defaults.animation;
  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
  Chart.defaults.color = '#1b1f23';
  Chart.defaults.locale = data.locale || document.documentElement.lang;
  var words = data.words || {};
  var palette = ['#1f6feb', '#1a7f37', '#c62828', '#8250df', '#bc4c00', '#0a7ea4'];

  // Long course titles are shortened on the axis (the tables have them in full).
  var courseTicks = {
    callback: function (value) {
      var label = String(this.getLabelForValue(value));
      var max = window.innerWidth < 640 ? 16 : 40;
      return label.length > max ? label.slice(0, max - 1) + '…' : label;
    },
  };

  // Horizontal bar charts grow with their number of courses, so labels never overlap.
  function sizeFor(canvas, rows) {
    var box = canvas.parentElement;
    if (box && rows) box.style.height = Math.max(256, rows * 28 + 80) + 'px';
  }

  var revenue = document.getElementById('revenue-chart');
  if (revenue && data.revenue && data.revenue.labels.length) {
    new Chart(revenue, {
      type: 'line',
      data: {
        labels: data.revenue.labels,
        datasets: data.revenue.series.map(function (s, i) {
          return {
            label: s.label,
            data: s.net,
            borderColor: palette[i % palette.length],
            backgroundColor: palette[i % palette.length],
            tension: 0,
          };
        }),
      },
      options: { maintainAspectRatio: false, scales: { y: { beginAtZero: true } } },
    });
  }

  var enrollments = document.getElementById('enrollments-chart');
  if (enrollments && data.enrollments && data.enrollments.labels.length) {
    sizeFor(enrollments, data.enrollments.labels.length);
    new Chart(enrollments, {
      type: 'bar',
      data: {
        labels: data.enrollments.labels,
        datasets: [
          { label: words.active, data: data.enrollments.active, backgroundColor: palette[1] },
          { label: words.expired, data: data.enrollments.expired, backgroundColor: palette[4] },
          { label: words.revoked, data: data.enrollments.revoked, backgroundColor: palette[2] },
        ],
      },
      options: {
        indexAxis: 'y',
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
          y: { stacked: true, ticks: courseTicks },
        },
      },
    });
  }

  var completion = document.getElementById('completion-chart');
  if (completion && data.completion && data.completion.labels.length) {
    sizeFor(completion, data.completion.labels.length);
    new Chart(completion, {
      type: 'bar',
      data: {
        labels: data.completion.labels,
        datasets: [{ label: words.completionRate, data: data.completion.percent, backgroundColor: palette[0] }],
      },
      options: {
        indexAxis: 'y',
        maintainAspectRatio: false,
        scales: { x: { min: 0, max: 100 }, y: { ticks: courseTicks } },
      },
    });
  }
})();
