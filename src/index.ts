import "../styles/fray.scss";

Hooks.once("init", () => {
  console.log("fray init");
});
