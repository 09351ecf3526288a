// The broadcast server of websocket-shootout (github.com/hashrocket/websocket-shootout) on Node's
// `ws`, the peer of `eduhub-load broadcast-rtt --peer-url` in `make bench`. A client's
// {"type":"broadcast","payload":…} goes to every client as {"type":"broadcast","payload":…}, and
// the sender gets {"type":"broadcastResult","payload":…}; {"type":"echo"} comes back to its sender.
// Nothing is stored: it is the floor of relaying a message, where EduHub also makes every copy
// durable before it is sent.
const { WebSocketServer, WebSocket } = require("ws");

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 18082);
const wss = new WebSocketServer({ host, port, perMessageDeflate: false });

wss.on("connection", (ws) => {
  ws.on("message", (data) => {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (msg.type === "echo") {
      ws.send(JSON.stringify({ type: "echo", payload: msg.payload }));
    } else if (msg.type === "broadcast") {
      const out = JSON.stringify({ type: "broadcast", payload: msg.payload });
      for (const client of wss.clients) {
        if (client.readyState === WebSocket.OPEN) client.send(out);
      }
      ws.send(JSON.stringify({ type: "broadcastResult", payload: msg.payload }));
    }
  });
});
wss.on("listening", () => console.log(`ws broadcast peer on ws://${host}:${port}`));
