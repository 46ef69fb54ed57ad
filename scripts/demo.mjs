console.log("demo: not yet");
