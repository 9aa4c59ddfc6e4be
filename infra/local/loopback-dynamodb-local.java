// Starts DynamoDB Local bound to 127.0.0.1 only. Its own launcher (ServerRunner) has no host option and listens
// on every interface, which would put an unauthenticated database on the network. dynamodb-local.ts runs this
// with Java's single-file source launcher (`java -cp DynamoDBLocal.jar <this file>`), so nothing is compiled
// ahead or shipped as bytecode. It takes DynamoDBLocal.jar's own arguments (-port, -sharedDb, -dbPath, ...).
// Everything goes through reflection so compiling it needs no jar on the class path: that keeps the start quick.

import java.lang.reflect.Field;

public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    // DynamoDBProxyServer keeps its Jetty server private; a Jetty connector takes a host until it starts.
    Field field = proxy.getClass().getDeclaredField("server");
    field.setAccessible(true);
    Object jetty = field.get(proxy);
    for (Object connector : (Object[]) jetty.getClass().getMethod("getConnectors").invoke(jetty)) {
      connector.getClass().getMethod("setHost", String.class).invoke(connector, "127.0.0.1");
    }
    proxy.getClass().getMethod("start").invoke(proxy);
    System.out.println("Listening on 127.0.0.1 only");
  }
}
